<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name>@default</name>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="84"/>
        <source>{name} must be a point layer; it holds {kind} geometries.</source>
        <translation>{name} muss ein Punktlayer sein; er enthält Geometrien vom Typ {kind}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="90"/>
        <source>{name} is a multipoint layer. Each point must be one location: run &apos;Multipart to singleparts&apos; (native:multiparttosingleparts) first.</source>
        <translation>{name} ist ein Multipunktlayer. Jeder Punkt muss genau einen Standort darstellen: Führen Sie zuerst „Mehr- zu einteilig“ (native:multiparttosingleparts) aus.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="97"/>
        <source>{name} has no coordinate reference system. Set one in Layer Properties &gt; Source.</source>
        <translation>{name} hat kein Koordinatenbezugssystem. Legen Sie eines unter Layereigenschaften &gt; Quelle fest.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="107"/>
        <source>{name} has no features with a point geometry ({null} null, {empty} empty).</source>
        <translation>{name} enthält keine Objekte mit Punktgeometrie ({null} ohne Geometrie, {empty} mit leerer Geometrie).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="113"/>
        <source>Skipped {null} features with no geometry and {empty} with an empty geometry.</source>
        <translation>{null} Objekte ohne Geometrie und {empty} Objekte mit leerer Geometrie wurden übersprungen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="186"/>
        <source>The layer holds geometries that are not single points; run &apos;Multipart to singleparts&apos; first.</source>
        <translation>Der Layer enthält Geometrien, die keine einfachen Punkte sind; führen Sie zuerst „Mehr- zu einteilig“ aus.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="381"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="28"/>
        <source>{p} must be a projected CRS in metres; {crs} is not. Choose e.g. the local UTM zone.</source>
        <translation>{p} muss ein projiziertes KBS mit der Einheit Meter sein; {crs} ist das nicht. Wählen Sie z. B. die örtliche UTM-Zone.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="33"/>
        <source>{crs} (given)</source>
        <translation>{crs} (vorgegeben)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="35"/>
        <source>{crs} (the layer&apos;s CRS)</source>
        <translation>{crs} (KBS des Layers)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="41"/>
        <source>No metric CRS could be chosen ({error}). Set {p} to a projected CRS in metres.</source>
        <translation>Es konnte kein metrisches KBS gewählt werden ({error}). Setzen Sie {p} auf ein projiziertes KBS mit der Einheit Meter.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="47"/>
        <source>{crs} (UTM zone of the layer&apos;s centre; set {p} to choose)</source>
        <translation>{crs} (UTM-Zone der Layermitte; zur eigenen Wahl {p} setzen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/privacy_metadata.py" line="68"/>
        <source>Could not write the metadata sidecar: {message}</source>
        <translation>Die Metadaten-Begleitdatei konnte nicht geschrieben werden: {message}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/privacy_metadata.py" line="61"/>
        <source>Could not write the privacy record into {path}: {message}</source>
        <translation>Die Privatsphäre-Angaben konnten nicht in {path} geschrieben werden: {message}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="219"/>
        <source>{name} must be a polygon layer (zones); it holds {kind} geometries.</source>
        <translation>{name} muss ein Polygonlayer (Zonen) sein; er enthält Geometrien vom Typ {kind}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="225"/>
        <source>The zone id field &apos;{field}&apos; is not a field of {name}.</source>
        <translation>Das Zonen-ID-Feld „{field}“ ist kein Feld von {name}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="248"/>
        <source>{name} has no polygon features.</source>
        <translation>{name} enthält keine Polygonobjekte.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="252"/>
        <source>Repaired {n} invalid zone polygons in {name} (shapely make_valid).</source>
        <translation>{n} ungültige Zonenpolygone in {name} wurden repariert (shapely make_valid).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="259"/>
        <source>Skipped {n} zones without a polygon in {name}.</source>
        <translation>{n} Zonen ohne Polygon in {name} wurden übersprungen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="261"/>
        <source>The zone id field &apos;{field}&apos; has empty values; every zone needs an id.</source>
        <translation>Das Zonen-ID-Feld „{field}“ enthält leere Werte; jede Zone benötigt eine ID.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="267"/>
        <source>Zone ids in &apos;{field}&apos; of {name} are not unique; choose a field with one value per zone.</source>
        <translation>Die Zonen-IDs in „{field}“ von {name} sind nicht eindeutig; wählen Sie ein Feld mit genau einem Wert je Zone.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="365"/>
        <source>Outputs must be file paths (for example out.gpkg), not &apos;{dest}&apos;.</source>
        <translation>Ausgaben müssen Dateipfade sein (zum Beispiel out.gpkg), nicht „{dest}“.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/layer_io.py" line="534"/>
        <source>No vector format is known for the extension &apos;{ext}&apos; of {dest}. Use .gpkg.</source>
        <translation>Für die Dateiendung „{ext}“ von {dest} ist kein Vektorformat bekannt. Verwenden Sie .gpkg.</translation>
    </message>
</context>
<context>
    <name>DpAlgorithm</name>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="43"/>
        <source>Location perturbation</source>
        <translation>Standortverrauschung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="48"/>
        <source>Calibration (not private)</source>
        <translation>Kalibrierung (nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="76"/>
        <source>Random seed (reproducible study runs only; leave empty to publish)</source>
        <translation>Zufallssaat (nur für reproduzierbare Studienläufe; für Veröffentlichungen leer lassen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="119"/>
        <source>{name} must be a finite number greater than 0 (got {value}). {hint}</source>
        <translation>{name} muss eine endliche Zahl größer als 0 sein (erhalten: {value}). {hint}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="44"/>
        <source>Noisy counts and flows</source>
        <translation>Verrauschte Zählwerte und Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="45"/>
        <source>Randomized response</source>
        <translation>Randomized Response</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="46"/>
        <source>Tessellations (public, no privacy cost)</source>
        <translation>Kachelungen (öffentlich, ohne Privatsphäre-Verlust)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="47"/>
        <source>Privacy accounting</source>
        <translation>Privatsphäre-Budget</translation>
    </message>
</context>
<context>
    <name>DpGeoprivacyProvider</name>
    <message>
        <location filename="../dp_geoprivacy/processing/provider.py" line="22"/>
        <source>DP Geoprivacy: differential privacy for location and travel data</source>
        <translation>DP Geoprivacy: Differential Privacy für Standort- und Mobilitätsdaten</translation>
    </message>
</context>
<context>
    <name>LaplacePerturbation</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="46"/>
        <source>Laplace location perturbation</source>
        <translation>Laplace-Standortverrauschung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="49"/>
        <source>&lt;p&gt;Moves every point by random noise so that no published location pins down where a household, stop or tap really was.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Privacy.&lt;/b&gt; Two true locations DISTANCE metres apart are EPSILON-indistinguishable: whatever an observer sees, it is at most e^EPSILON times more likely under one than the other. Noise scale b = DISTANCE / EPSILON metres. The unit of privacy is one location: a person with several points is protected per point, not as a whole.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Mechanisms.&lt;/b&gt; Planar Laplace (geo-indistinguishability): density proportional to exp(-EPSILON d / DISTANCE) with Euclidean d; the displacement has a uniform direction and a Gamma(2, b) distance (mean 2b). Per-axis Laplace (seed 000 §5, eq. 14): independent Laplace(b) on x and y; DISTANCE is then measured as |dx| + |dy|.&lt;/p&gt;&lt;p&gt;Noise is drawn in METRIC_CRS (default: the layer's CRS if projected in metres, else the UTM zone of the layer's centre; an explicit CRS is recommended) and the output is written in the input's CRS, snapped to a GRID-metre grid (the floating-point mitigation of Mironov 2012). Attributes pass through unchanged, so remove identifying fields first. Row order is shuffled; no field shows the displacement. Features without geometry or with an empty geometry are skipped and counted in the log. Z and M values are dropped.&lt;/p&gt;&lt;p&gt;Sources: seed 000 §3.4 (eq. 7) and §5 (eq. 14); Andrés et al. 2013.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Verschiebt jeden Punkt um zufälliges Rauschen, sodass kein veröffentlichter Standort verrät, wo sich ein Haushalt, eine Haltestelle oder ein Fahrkarten-Check-in tatsächlich befand.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Privatsphäre.&lt;/b&gt; Zwei wahre Standorte, die DISTANCE Meter voneinander entfernt sind, sind EPSILON-ununterscheidbar: Was auch immer ein Beobachter sieht, ist unter dem einen höchstens e^EPSILON-mal so wahrscheinlich wie unter dem anderen. Rauschskala b = DISTANCE / EPSILON Meter. Die Schutzeinheit ist ein einzelner Standort: Eine Person mit mehreren Punkten ist je Punkt geschützt, nicht als Ganzes.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Mechanismen.&lt;/b&gt; Planares Laplace (Geo-Ununterscheidbarkeit): Dichte proportional zu exp(-EPSILON d / DISTANCE) mit euklidischem Abstand d; die Verschiebung hat eine gleichverteilte Richtung und eine Gamma(2, b)-verteilte Länge (Mittelwert 2b). Achsenweises Laplace (seed 000 §5, Gl. 14): unabhängiges Laplace(b) auf x und y; DISTANCE wird dann als |dx| + |dy| gemessen.&lt;/p&gt;&lt;p&gt;Das Rauschen wird in METRIC_CRS erzeugt (Standard: das KBS des Layers, wenn es in Metern projiziert ist, sonst die UTM-Zone der Layermitte; ein ausdrücklich gewähltes KBS wird empfohlen). Die Ausgabe wird im KBS der Eingabe geschrieben und an einem Gitter mit GRID Metern Maschenweite ausgerichtet (die Gleitkomma-Gegenmaßnahme nach Mironov 2012). Attribute werden unverändert übernommen; entfernen Sie daher vorher identifizierende Felder. Die Reihenfolge der Zeilen wird zufällig gemischt; kein Feld verrät die Verschiebung. Objekte ohne Geometrie oder mit leerer Geometrie werden übersprungen und im Protokoll gezählt. Z- und M-Werte werden verworfen.&lt;/p&gt;&lt;p&gt;Quellen: seed 000 §3.4 (Gl. 7) und §5 (Gl. 14); Andrés et al. 2013.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="73"/>
        <source>Input points</source>
        <translation>Eingabepunkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="78"/>
        <source>Mechanism</source>
        <translation>Mechanismus</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="78"/>
        <source>Planar Laplace (Euclidean)</source>
        <translation>Planares Laplace (euklidisch)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="78"/>
        <source>Per-axis Laplace (L1, seed 000 eq. 14)</source>
        <translation>Achsenweises Laplace (L1, seed 000 Gl. 14)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="86"/>
        <source>Epsilon (privacy loss per DISTANCE)</source>
        <translation>Epsilon (Privatsphäre-Verlust je DISTANCE)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="92"/>
        <source>Protected distance (metres)</source>
        <translation>Geschützter Abstand (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="98"/>
        <source>Snap output to grid (metres, 0 = no snapping)</source>
        <translation>Ausgabe am Gitter ausrichten (Meter, 0 = keine Ausrichtung)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="104"/>
        <source>Metric CRS for the noise (recommended)</source>
        <translation>Metrisches KBS für das Rauschen (empfohlen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="157"/>
        <source>Perturbed points</source>
        <translation>Verrauschte Punkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="115"/>
        <source>Points written</source>
        <translation>Geschriebene Punkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="116"/>
        <source>Points skipped (no geometry)</source>
        <translation>Übersprungene Punkte (ohne Geometrie)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="117"/>
        <source>Epsilon spent</source>
        <translation>Verbrauchtes Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="118"/>
        <source>Noise scale b (metres)</source>
        <translation>Rauschskala b (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="133"/>
        <source>Noise drawn in {crs}; scale b = {b:g} m.</source>
        <translation>Rauschen erzeugt in {crs}; Skala b = {b:g} m.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="146"/>
        <source>Some perturbed points fell outside the CRS&apos;s valid area and were dropped.</source>
        <translation>Einige verrauschte Punkte lagen außerhalb des Gültigkeitsbereichs des KBS und wurden verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="90"/>
        <source>Smaller epsilon gives more noise and more privacy; 1 is a common choice.</source>
        <translation>Ein kleineres Epsilon bedeutet mehr Rauschen und mehr Privatsphäre; 1 ist ein üblicher Wert.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="96"/>
        <source>Locations this far apart are epsilon-indistinguishable, e.g. 100 (metres).</source>
        <translation>Standorte in diesem Abstand sind epsilon-ununterscheidbar, z. B. 100 (Meter).</translation>
    </message>
</context>
</TS>
