<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name>@default</name>
    <message>
        <location filename="../dp_geoprivacy/processing/readers.py" line="87"/>
        <source>{name} must be a point layer; it holds {kind} geometries.</source>
        <translation>{name} muss ein Punktlayer sein; er enthält Geometrien vom Typ {kind}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/readers.py" line="93"/>
        <source>{name} is a multipoint layer. Each point must be one location: run 'Multipart to singleparts' (native:multiparttosingleparts) first.</source>
        <translation>{name} ist ein Multipunktlayer. Jeder Punkt muss genau einen Standort darstellen: Führen Sie zuerst „Mehr- zu einteilig“ (native:multiparttosingleparts) aus.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/readers.py" line="105"/>
        <source>{name} has no features with a point geometry ({null} null, {empty} empty).</source>
        <translation>{name} enthält keine Objekte mit Punktgeometrie ({null} ohne Geometrie, {empty} mit leerer Geometrie).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/readers.py" line="111"/>
        <source>Skipped {null} features with no geometry and {empty} with an empty geometry.</source>
        <translation>{null} Objekte ohne Geometrie und {empty} Objekte mit leerer Geometrie wurden übersprungen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/readers.py" line="263"/>
        <source>The layer holds geometries that are not single points; run 'Multipart to singleparts' first.</source>
        <translation>Der Layer enthält Geometrien, die keine einfachen Punkte sind; führen Sie zuerst „Mehr- zu einteilig“ aus.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="162"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="171"/>
        <source>{p} must be a projected CRS in metres; {crs} is not. Choose e.g. the local UTM zone.</source>
        <translation>{p} muss ein projiziertes KBS mit der Einheit Meter sein; {crs} ist das nicht. Wählen Sie z. B. die örtliche UTM-Zone.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="115"/>
        <source>No metric CRS could be chosen ({error}). Set {p} to a projected CRS in metres.</source>
        <translation>Es konnte kein metrisches KBS gewählt werden ({error}). Setzen Sie {p} auf ein projiziertes KBS mit der Einheit Meter.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/privacy_metadata.py" line="110"/>
        <source>Could not write the metadata sidecar: {message}</source>
        <translation>Die Metadaten-Begleitdatei konnte nicht geschrieben werden: {message}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/privacy_metadata.py" line="103"/>
        <source>Could not write the privacy record into {path}: {message}</source>
        <translation>Die Privatsphäre-Angaben konnten nicht in {path} geschrieben werden: {message}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_reader.py" line="40"/>
        <source>{name} must be a polygon layer (zones); it holds {kind} geometries.</source>
        <translation>{name} muss ein Polygonlayer (Zonen) sein; er enthält Geometrien vom Typ {kind}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_reader.py" line="46"/>
        <source>The zone id field '{field}' is not a field of {name}.</source>
        <translation>Das Zonen-ID-Feld „{field}“ ist kein Feld von {name}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_reader.py" line="83"/>
        <source>{name} has no polygon features.</source>
        <translation>{name} enthält keine Polygonobjekte.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_reader.py" line="87"/>
        <source>Repaired {n} invalid zone polygons in {name} (shapely make_valid).</source>
        <translation>{n} ungültige Zonenpolygone in {name} wurden repariert (shapely make_valid).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_reader.py" line="94"/>
        <source>Skipped {n} zones without a polygon in {name}.</source>
        <translation>{n} Zonen ohne Polygon in {name} wurden übersprungen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_reader.py" line="96"/>
        <source>The zone id field '{field}' has empty values; every zone needs an id.</source>
        <translation>Das Zonen-ID-Feld „{field}“ enthält leere Werte; jede Zone benötigt eine ID.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_reader.py" line="102"/>
        <source>Zone ids in '{field}' of {name} are not unique; choose a field with one value per zone.</source>
        <translation>Die Zonen-IDs in „{field}“ von {name} sind nicht eindeutig; wählen Sie ein Feld mit genau einem Wert je Zone.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/destinations.py" line="119"/>
        <source>No vector format is known for the extension '{ext}' of {dest}. Use .gpkg.</source>
        <translation>Für die Dateiendung „{ext}“ von {dest} ist kein Vektorformat bekannt. Verwenden Sie .gpkg.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="238"/>
        <source>PARTITION: {error}</source>
        <translation>PARTITION: {error}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="263"/>
        <source>BUDGET needs a LEDGER: the epsilon already spent on the source is read from the ledger.</source>
        <translation>BUDGET erfordert LEDGER: Das für die Datenquelle bereits verbrauchte Epsilon wird aus dem Journal gelesen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="356"/>
        <source>Fingerprinting the input for the privacy ledger...</source>
        <translation>Fingerabdruck der Eingabe für das Privatsphäre-Journal wird berechnet …</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="273"/>
        <source>(input of {output})</source>
        <translation>(Eingabe von {output})</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="305"/>
        <source>Ledger: reserved epsilon {epsilon:g} on partition '{partition}' (spent there before: {spent:g}); the source's total is now {total:g}{budget}.</source>
        <translation>Journal: Epsilon {epsilon:g} auf Partition „{partition}“ reserviert (dort bisher verbraucht: {spent:g}); die Summe der Datenquelle beträgt jetzt {total:g}{budget}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/source_fingerprint.py" line="36"/>
        <source>The input's filter could not be removed for the fingerprint; the ledger fingerprints the filtered features only.</source>
        <translation>Der Filter der Eingabe konnte für den Fingerabdruck nicht entfernt werden; das Journal erfasst nur den Fingerabdruck der gefilterten Objekte.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="76"/>
        <source>The field '{field}' is not a field of {name}.</source>
        <translation>Das Feld „{field}“ ist kein Feld von {name}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="79"/>
        <source>{name} holds {kind} geometries. Give a line layer (origin = first vertex, destination = last vertex), or all four coordinate fields ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD and DEST_Y_FIELD.</source>
        <translation>{name} enthält Geometrien vom Typ {kind}. Geben Sie einen Linienlayer an (Quelle = erster Stützpunkt, Ziel = letzter Stützpunkt) oder alle vier Koordinatenfelder ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD und DEST_Y_FIELD.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="96"/>
        <source>The coordinate field '{field}' of {name} holds {kind} values; choose a field with numbers (or text holding numbers).</source>
        <translation>Das Koordinatenfeld „{field}“ von {name} enthält Werte vom Typ {kind}; wählen Sie ein Feld mit Zahlen (oder mit Text, der Zahlen enthält).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="142"/>
        <source>{n} with {reason}</source>
        <translation>{n} mit {reason}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="144"/>
        <source>{name} has no usable trip ({details}).</source>
        <translation>{name} enthält keine verwendbare Fahrt ({details}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="144"/>
        <source>it is empty</source>
        <translation>der Layer ist leer</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="147"/>
        <source>Skipped {n} of {total} trips of {name}: {details}.</source>
        <translation>{n} von {total} Fahrten aus {name} wurden übersprungen: {details}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/privacy_metadata.py" line="42"/>
        <source>
Built on the earlier release {release} ({tag}) made by {algorithm}.</source>
        <translation>
Beruht auf der früheren Veröffentlichung {release} ({tag}), erstellt mit {algorithm}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="83"/>
        <source>Zones (public polygon layer)</source>
        <translation>Zonen (öffentlicher Polygonlayer)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="86"/>
        <source>Public zones to count in (census blocks, traffic zones, a grid). Leave empty and set H3_RESOLUTION to count in H3 hexagons instead.</source>
        <translation>Öffentliche Zonen, in denen gezählt wird (Zensusblöcke, Verkehrszellen, ein Raster). Lassen Sie das Feld leer und setzen Sie H3_RESOLUTION, um stattdessen in H3-Sechsecken zu zählen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="89"/>
        <source>Zone id field (empty: feature ids)</source>
        <translation>Zonen-ID-Feld (leer: Objekt-IDs)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="92"/>
        <source>A field with one distinct value per zone; written to the output as zone_id.</source>
        <translation>Ein Feld mit genau einem eindeutigen Wert je Zone; wird in der Ausgabe als zone_id geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="95"/>
        <source>H3 resolution (0-15; instead of zones)</source>
        <translation>H3-Auflösung (0–15; statt Zonen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="99"/>
        <source>Count in H3 hexagons of this resolution (the ITMS report: 7 is about 5 km², 8 about 0.7 km², 9 about 0.1 km²). Set EXTENT too, so that the set of published cells does not depend on the data.</source>
        <translation>In H3-Sechsecken dieser Auflösung zählen (ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0): 7 entspricht etwa 5 km², 8 etwa 0,7 km², 9 etwa 0,1 km²). Setzen Sie auch EXTENT, damit die Menge der veröffentlichten Zellen nicht von den Daten abhängt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="103"/>
        <source>Extent covered by H3 cells</source>
        <translation>Von H3-Zellen abgedeckte Ausdehnung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="104"/>
        <source>The public area whose H3 cells are published (every cell overlapping it). Choose it from knowledge of the study area, not from the points.</source>
        <translation>Das öffentliche Gebiet, dessen H3-Zellen veröffentlicht werden (jede Zelle, die es überlappt). Wählen Sie es aufgrund Ihrer Kenntnis des Untersuchungsgebiets, nicht anhand der Punkte.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="113"/>
        <source>Overlapping zones are refused by default. When allowed, a point counts in every zone containing it and the sensitivity grows by the largest number of zones that overlap at one place.</source>
        <translation>Überlappende Zonen werden standardmäßig abgelehnt. Sind sie zugelassen, zählt ein Punkt in jeder Zone, die ihn enthält, und die Sensitivität wächst mit der größten Anzahl von Zonen, die sich an einer Stelle überlappen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="128"/>
        <source>custom CRS</source>
        <translation>benutzerdefiniertes KBS</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="196"/>
        <source>{n} zones of {name} ({crs})</source>
        <translation>{n} Zonen aus {name} ({crs})</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="202"/>
        <source>Points are reprojected from {a} to the zones' CRS {b} to find their zones.</source>
        <translation>Die Punkte werden von {a} in das KBS der Zonen {b} umprojiziert, um ihre Zonen zu bestimmen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="240"/>
        <source>{n} H3 cells of resolution {r} covering {extent}</source>
        <translation>{n} H3-Zellen der Auflösung {r}, die {extent} abdecken</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="243"/>
        <source>H3 cells of resolution {r} that hold points (no fixed extent)</source>
        <translation>H3-Zellen der Auflösung {r}, die Punkte enthalten (keine feste Ausdehnung)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="262"/>
        <source>Points are reprojected from {a} to EPSG:4326 (longitude/latitude) to find their H3 cells.</source>
        <translation>Die Punkte werden von {a} nach EPSG:4326 (geographische Länge/Breite) umprojiziert, um ihre H3-Zellen zu bestimmen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="299"/>
        <source>{error}. Use an EXTENT that stays clear of the poles.</source>
        <translation>{error}. Verwenden Sie für EXTENT eine Ausdehnung, die die Pole nicht berührt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="326"/>
        <source>{name} is empty; give an extent with an area.</source>
        <translation>{name} ist leer; geben Sie eine Ausdehnung mit einer Fläche an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="334"/>
        <source>{name} has no CRS of its own; taken to be in {crs}.</source>
        <translation>{name} hat kein eigenes KBS; es wird {crs} angenommen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="345"/>
        <source>{name} reaches beyond the area where {crs} can be converted to longitude/latitude; give a smaller extent.</source>
        <translation>{name} reicht über das Gebiet hinaus, in dem {crs} in geographische Länge/Breite umgerechnet werden kann; geben Sie eine kleinere Ausdehnung an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="350"/>
        <source>{name} goes around a pole; H3 cells containing a pole cannot be drawn. Give an extent that stays clear of the poles.</source>
        <translation>{name} umschließt einen Pol; H3-Zellen, die einen Pol enthalten, können nicht gezeichnet werden. Geben Sie eine Ausdehnung an, die die Pole nicht berührt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="369"/>
        <source>{name} at H3 resolution {r} needs about {n:,.0f} cells (at most {limit:,}). Choose a coarser resolution or a smaller extent.</source>
        <translation>{name} benötigt bei H3-Auflösung {r} etwa {n:,.0f} Zellen (höchstens {limit:,}). Wählen Sie eine gröbere Auflösung oder eine kleinere Ausdehnung.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="374"/>
        <source>{name}: {error}.</source>
        <translation>{name}: {error}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="377"/>
        <source>{name} reaches the H3 cell around a pole ({cell}), which cannot be drawn. Give an extent that stays clear of the poles.</source>
        <translation>{name} reicht bis an die H3-Zelle um einen Pol ({cell}), die nicht gezeichnet werden kann. Geben Sie eine Ausdehnung an, die die Pole nicht berührt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="400"/>
        <source>Give either ZONES or H3_RESOLUTION, not both: clear one of them.</source>
        <translation>Geben Sie entweder ZONES oder H3_RESOLUTION an, nicht beides: Leeren Sie einen der beiden Parameter.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="403"/>
        <source>Give the zones to count in: a polygon layer as ZONES, or an H3_RESOLUTION (with an EXTENT).</source>
        <translation>Geben Sie die Zonen an, in denen gezählt wird: einen Polygonlayer als ZONES oder eine H3_RESOLUTION (mit EXTENT).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="408"/>
        <source>H3_RESOLUTION must be an integer from 0 to 15 (got {r}).</source>
        <translation>H3_RESOLUTION muss eine ganze Zahl von 0 bis 15 sein (erhalten: {r}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="411"/>
        <source>ZONE_ID_FIELD is not used with H3 cells: their ids are the H3 indexes.</source>
        <translation>ZONE_ID_FIELD wird bei H3-Zellen nicht verwendet: Ihre IDs sind die H3-Indizes.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="418"/>
        <source>H3_RESOLUTION needs an EXTENT: the published cells must not depend on the data. Set EXTENT to the public study area, or use the stability threshold (THRESHOLD=1), which publishes only cells with data and never a cell without.</source>
        <translation>H3_RESOLUTION erfordert EXTENT: Die veröffentlichten Zellen dürfen nicht von den Daten abhängen. Setzen Sie EXTENT auf das öffentliche Untersuchungsgebiet oder verwenden Sie den Stabilitäts-Schwellenwert (THRESHOLD=1), der nur Zellen mit Daten veröffentlicht und nie eine Zelle ohne Daten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="426"/>
        <source>EXTENT is covered by no H3 cell; give an extent with an area.</source>
        <translation>EXTENT wird von keiner H3-Zelle abgedeckt; geben Sie eine Ausdehnung mit einer Fläche an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="437"/>
        <source>'{a}' and '{b}'</source>
        <translation>„{a}“ und „{b}“</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="444"/>
        <source>ZONES has {n} pairs of overlapping zones (e.g. {example}): a point there would count in more than one zone. Fix the zones (e.g. 'Check validity' / 'Union'), or set ALLOW_OVERLAP=true to count such points in every zone that contains them (more noise).</source>
        <translation>ZONES enthält {n} Paare überlappender Zonen (z. B. {example}): Ein Punkt dort würde in mehr als einer Zone gezählt. Korrigieren Sie die Zonen (z. B. mit „Gültigkeit prüfen“ / „Vereinigung“) oder setzen Sie ALLOW_OVERLAP=true, um solche Punkte in jeder Zone zu zählen, die sie enthält (mehr Rauschen).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="450"/>
        <source>ZONES has {n} pairs of overlapping zones (e.g. {example}); ALLOW_OVERLAP is set, so a point counts in every zone that contains it. Up to {depth} zones overlap at one place: the sensitivity is multiplied by {depth}.</source>
        <translation>ZONES enthält {n} Paare überlappender Zonen (z. B. {example}); ALLOW_OVERLAP ist gesetzt, daher zählt ein Punkt in jeder Zone, die ihn enthält. Bis zu {depth} Zonen überlappen sich an einer Stelle: Die Sensitivität wird mit {depth} multipliziert.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="47"/>
        <source>no geometry</source>
        <translation>fehlender Geometrie</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="47"/>
        <source>an empty geometry</source>
        <translation>leerer Geometrie</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="47"/>
        <source>a line with only one vertex</source>
        <translation>einer Linie mit nur einem Stützpunkt</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="47"/>
        <source>a geometry that is not a readable line</source>
        <translation>einer Geometrie, die keine lesbare Linie ist</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="47"/>
        <source>a NULL coordinate</source>
        <translation>einer NULL-Koordinate</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/trip_reader.py" line="47"/>
        <source>a coordinate that is not a finite number</source>
        <translation>einer Koordinate, die keine endliche Zahl ist</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="36"/>
        <source>Epsilon (privacy loss)</source>
        <translation>Epsilon (Privatsphäre-Verlust)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="66"/>
        <source>Noise</source>
        <translation>Rauschen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="63"/>
        <source>Laplace</source>
        <translation>Laplace</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="63"/>
        <source>Discrete Laplace (two-sided geometric, integer counts)</source>
        <translation>Diskretes Laplace (zweiseitig geometrisch, ganzzahlige Zählwerte)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="41"/>
        <source>User id field (user-level privacy; optional)</source>
        <translation>Nutzer-ID-Feld (Privatsphäre auf Nutzerebene; optional)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="97"/>
        <source>Epsilon spent</source>
        <translation>Verbrauchtes Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="97"/>
        <source>Delta spent</source>
        <translation>Verbrauchtes Delta</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="165"/>
        <source>DELTA must be in [0, 1) (got {v}); use e.g. 1e-6 with THRESHOLD=1, else 0.</source>
        <translation>DELTA muss in [0, 1) liegen (erhalten: {v}); verwenden Sie z. B. 1e-6 mit THRESHOLD=1, sonst 0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="169"/>
        <source>THRESHOLD=1 (stability histogram) needs DELTA &gt; 0, e.g. DELTA=1e-6: it is (epsilon, delta)-DP. Or use THRESHOLD=0 with DELTA=0.</source>
        <translation>THRESHOLD=1 (Stabilitäts-Histogramm) erfordert DELTA &gt; 0, z. B. DELTA=1e-6: Es handelt sich um (epsilon, delta)-DP. Oder verwenden Sie THRESHOLD=0 mit DELTA=0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="172"/>
        <source>THRESHOLD=1 (stability histogram) uses Laplace noise: set NOISE=0.</source>
        <translation>THRESHOLD=1 (Stabilitäts-Histogramm) verwendet Laplace-Rauschen: Setzen Sie NOISE=0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="251"/>
        <source>EPSILON = {epsilon:g} is above {limit:g}: this release gives no meaningful protection (an observer's odds about one unit of privacy may change by a factor of e^epsilon). The output's privacy record says so. Use an epsilon of at most {limit:g} (1 is a common choice) for a release that protects anyone.</source>
        <translation>EPSILON = {epsilon:g} liegt über {limit:g}: Diese Veröffentlichung bietet keinen nennenswerten Schutz (die Chancen eines Beobachters bezüglich einer Schutzeinheit können sich um den Faktor e^epsilon ändern). Die Datenschutzangaben der Ausgabe vermerken das. Verwenden Sie ein Epsilon von höchstens {limit:g} (1 ist eine übliche Wahl) für eine Veröffentlichung, die jemanden schützt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="294"/>
        <source>LEDGER {path}: {error}. Give LEDGER a dp_geoprivacy ledger (or a new file) in a folder you can write to.</source>
        <translation>LEDGER {path}: {error}. Geben Sie als LEDGER ein dp_geoprivacy-Journal (oder eine neue Datei) in einem Ordner an, in den Sie schreiben dürfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="101"/>
        <source>{p}: {crs} is not true to scale over the data's area ({extent}): distances are off by up to {d} (tolerance {t:g}%), so noise drawn in it would not be in ground metres. Leave {p} empty to use {fallback}, or choose a CRS true to scale there (e.g. the local UTM zone).</source>
        <translation>{p}: {crs} ist über dem Gebiet der Daten ({extent}) nicht maßstabstreu: Entfernungen weichen um bis zu {d} ab (Toleranz {t:g} %), sodass darin erzeugtes Rauschen nicht in Metern am Boden wäre. Lassen Sie {p} leer, um {fallback} zu verwenden, oder wählen Sie ein dort maßstabstreues KBS (z. B. die örtliche UTM-Zone).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="101"/>
        <source>the local UTM zone</source>
        <translation>die örtliche UTM-Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="109"/>
        <source>The data span {extent}: no single CRS keeps distances true to within {t:g}% there, so noise in metres cannot be drawn correctly. Split the input into regions (e.g. by country) and run once per region.</source>
        <translation>Die Daten reichen über {extent}: Kein einzelnes KBS hält Entfernungen dort auf {t:g} % genau, daher kann Rauschen in Metern nicht korrekt erzeugt werden. Teilen Sie die Eingabe in Regionen (z. B. nach Ländern) und führen Sie den Algorithmus je Region aus.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="121"/>
        <source>The layer's CRS {crs} is not true to scale over the data's area: distances are off by up to {d} (tolerance {t:g}%). Noise is drawn in {chosen} instead.</source>
        <translation>Das KBS des Layers {crs} ist über dem Gebiet der Daten nicht maßstabstreu: Entfernungen weichen um bis zu {d} ab (Toleranz {t:g} %). Das Rauschen wird stattdessen in {chosen} erzeugt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="128"/>
        <source>given as {p}</source>
        <translation>angegeben als {p}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="129"/>
        <source>the layer's CRS</source>
        <translation>das KBS des Layers</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="130"/>
        <source>azimuthal equidistant on the data's coarse extent; set {p} to choose</source>
        <translation>mittabstandstreu azimutal auf der groben Ausdehnung der Daten; mit {p} wählbar</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="131"/>
        <source>UTM zone of the data's coarse extent; set {p} to choose</source>
        <translation>UTM-Zone der groben Ausdehnung der Daten; mit {p} wählbar</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="132"/>
        <source>Noise CRS: {crs} ({how}); largest scale error over {extent}: {d} (tolerance {t:g}%).</source>
        <translation>KBS des Rauschens: {crs} ({how}); größter Maßstabsfehler über {extent}: {d} (Toleranz {t:g} %).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="218"/>
        <source>The noise scale b = {b:g} m is beyond what {crs} can carry around the data: noise reaches {reach:g} b, which must stay where the CRS is in ground metres, so b can be at most {limit:.0f} m.</source>
        <translation>Die Rauschskala b = {b:g} m übersteigt, was {crs} um die Daten herum tragen kann: Das Rauschen reicht bis {reach:g} b, und das muss dort bleiben, wo das KBS Meter am Boden misst; b darf daher höchstens {limit:.0f} m betragen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="222"/>
        <source>Increase {eps} or decrease {dist} so that {dist} / {eps} &lt;= {limit:.0f}.</source>
        <translation>Erhöhen Sie {eps} oder verringern Sie {dist}, sodass {dist} / {eps} &lt;= {limit:.0f}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="225"/>
        <source>Use scales of at most {limit:.0f} m in {p}.</source>
        <translation>Verwenden Sie in {p} Skalen von höchstens {limit:.0f} m.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/track_reader.py" line="74"/>
        <source>{name} must be a line layer (one line per trip); it holds {kind} geometries.</source>
        <translation>{name} muss ein Linienlayer sein (eine Linie je Fahrt); er enthält {kind}-Geometrien.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/track_reader.py" line="111"/>
        <source>{name} has no usable line ({details}).</source>
        <translation>{name} enthält keine verwendbare Linie ({details}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="414"/>
        <source>H3_RESOLUTION needs an EXTENT: the published cells must not depend on the data. Set EXTENT to the public study area.</source>
        <translation>H3_RESOLUTION braucht einen EXTENT: Die veröffentlichten Zellen dürfen nicht von den Daten abhängen. Setzen Sie EXTENT auf das öffentliche Untersuchungsgebiet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="439"/>
        <source>ZONES has {n} pairs of overlapping zones (e.g. {example}): a point there would lie in more than one zone, which this algorithm does not support. Fix the zones (e.g. 'Check validity' / 'Union') or use a tessellation such as H3_RESOLUTION.</source>
        <translation>ZONES hat {n} Paare überlappender Zonen (z. B. {example}): Ein Punkt dort läge in mehr als einer Zone, was dieser Algorithmus nicht unterstützt. Korrigieren Sie die Zonen (z. B. „Gültigkeit prüfen“ / „Vereinigung“) oder verwenden Sie eine Kachelung wie H3_RESOLUTION.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_io.py" line="30"/>
        <source>{name} must be a date and time such as 2013-10-01T00:00:00 (got '{v}').</source>
        <translation>{name} muss ein Datum mit Uhrzeit sein, etwa 2013-10-01T00:00:00 (erhalten: '{v}').</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_io.py" line="86"/>
        <source>CATEGORIES item '{item}' is not of the form field=value|value|... (e.g. gender=male|female).</source>
        <translation>Der CATEGORIES-Eintrag '{item}' hat nicht die Form feld=wert|wert|... (z. B. gender=male|female).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_io.py" line="90"/>
        <source>CATEGORIES lists a value twice for {field}.</source>
        <translation>CATEGORIES nennt für {field} einen Wert zweimal.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_io.py" line="94"/>
        <source>Declare the categories of {fields} in CATEGORIES (e.g. {example}=a|b|c): the category lists are public and are never read from the data.</source>
        <translation>Geben Sie die Kategorien von {fields} in CATEGORIES an (z. B. {example}=a|b|c): Die Kategorielisten sind öffentlich und werden nie aus den Daten gelesen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_io.py" line="192"/>
        <source>NOT DIFFERENTIALLY PRIVATE: this page compares the synthetic trips with the raw trips. It is for the data holder; do not publish it.</source>
        <translation>NICHT DIFFERENTIELL PRIVAT: Diese Seite vergleicht die synthetischen Wege mit den Rohdaten. Sie ist für den Datenhalter bestimmt; nicht veröffentlichen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="151"/>
        <source>origin zones (outgoing trips)</source>
        <translation>Startzonen (abgehende Wege)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="151"/>
        <source>destination zones (incoming trips)</source>
        <translation>Zielzonen (ankommende Wege)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="151"/>
        <source>routes</source>
        <translation>Routen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="151"/>
        <source>days</source>
        <translation>Tage</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="159"/>
        <source>start time bins</source>
        <translation>Startzeit-Intervalle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="163"/>
        <source>duration bins</source>
        <translation>Dauer-Intervalle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="203"/>
        <source>Top 5 {statistic}</source>
        <translation>Top 5 {statistic}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="203"/>
        <source>rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="203"/>
        <source>key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="203"/>
        <source>original share</source>
        <translation>Anteil im Original</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="203"/>
        <source>synthetic share</source>
        <translation>Anteil synthetisch</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="206"/>
        <source>Error per table</source>
        <translation>Fehler je Tabelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="206"/>
        <source>table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="206"/>
        <source>average relative error</source>
        <translation>mittlerer relativer Fehler</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="206"/>
        <source>EMD</source>
        <translation>EMD</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/synthetic_output.py" line="206"/>
        <source>EMD ground</source>
        <translation>EMD-Grundabstand</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/accuracy_notes.py" line="27"/>
        <source>About {n:,.0f} of the published flows are expected to be noise only: each of the {cells:,} zone pairs without a trip is published with probability {p:.3g} at MIN_FLOW={m:g} (the figure assumes every pair is empty; with few trips per pair it is close). To publish real flows only, use THRESHOLD=1 with a DELTA (e.g. 1e-6): no pair without trips is ever published. Or raise MIN_FLOW to {k} (about {limit:g} noise-only flows), or use coarser zones (at most {z} zones for about {limit:g}). dp_geoprivacy:accuracyplanner tabulates these figures per epsilon.</source>
        <translation>Etwa {n:,.0f} der veröffentlichten Ströme bestehen voraussichtlich nur aus Rauschen: Jedes der {cells:,} Zonenpaare ohne Fahrt wird bei MIN_FLOW={m:g} mit Wahrscheinlichkeit {p:.3g} veröffentlicht (die Zahl nimmt an, dass alle Paare leer sind; bei wenigen Fahrten je Paar kommt sie dem nahe). Um nur echte Ströme zu veröffentlichen, THRESHOLD=1 mit einem DELTA (z. B. 1e-6) verwenden: Ein Paar ohne Fahrten wird dann nie veröffentlicht. Oder MIN_FLOW auf {k} erhöhen (etwa {limit:g} reine Rauschströme) oder gröbere Zonen verwenden (höchstens {z} Zonen für etwa {limit:g}). dp_geoprivacy:accuracyplanner tabelliert diese Zahlen je Epsilon.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/accuracy_notes.py" line="54"/>
        <source> to {c} zones each</source>
        <translation> zu je {c} Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/accuracy_notes.py" line="81"/>
        <source>These zones (about {s:.0f} m across: the square root of the mean zone area) are too fine for DISTANCE = {d:g} m: already at b = {b:g} m (epsilon {e:.3g}) more than {t:g} of points escape, and smaller scales mean larger epsilons. Use coarser zones, a smaller DISTANCE, or accept a higher escape share; smaller scales will not give a protective epsilon.</source>
        <translation>Diese Zonen (etwa {s:.0f} m breit: die Wurzel der mittleren Zonenfläche) sind zu fein für DISTANCE = {d:g} m: Schon bei b = {b:g} m (Epsilon {e:.3g}) entweicht mehr als {t:g} der Punkte, und kleinere Skalen bedeuten größere Epsilons. Gröbere Zonen, eine kleinere DISTANCE verwenden oder einen höheren Entweichanteil hinnehmen; kleinere Skalen ergeben kein schützendes Epsilon.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/accuracy_notes.py" line="88"/>
        <source>The zones are about {s:.0f} m across; at the smallest scale tested (b = {b:g} m) points move {m:.0f} m on average (planar Laplace: 2b).</source>
        <translation>Die Zonen sind etwa {s:.0f} m breit; bei der kleinsten getesteten Skala (b = {b:g} m) werden Punkte im Mittel um {m:.0f} m verschoben (planares Laplace: 2b).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/accuracy_notes.py" line="92"/>
        <source>The calibrated epsilon {e:.3g} is above {limit:g}: weak protection for the unit of privacy (two locations DISTANCE = {d:g} m apart): an observer's odds between them may change by a factor of e^{e:.3g} = {f:.3g}. Coarser zones or a smaller DISTANCE allow a smaller epsilon.</source>
        <translation>Das kalibrierte Epsilon {e:.3g} liegt über {limit:g}: schwacher Schutz für die Schutzeinheit (zwei Orte im Abstand DISTANCE = {d:g} m): Die Chancen eines Beobachters zwischen ihnen können sich um den Faktor e^{e:.3g} = {f:.3g} ändern. Gröbere Zonen oder eine kleinere DISTANCE erlauben ein kleineres Epsilon.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="52"/>
        <source>Reads and checks every input as a real run would, then stops before any noise is drawn: reports the epsilon and delta the release would spend and its expected accuracy, writes no output and no ledger entry.</source>
        <translation>Liest und prüft alle Eingaben wie ein echter Lauf und hält an, bevor Rauschen gezogen wird: meldet Epsilon und Delta, die die Veröffentlichung verbrauchen würde, und ihre erwartete Genauigkeit; schreibt keine Ausgabe und keinen Eintrag ins Journal.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="97"/>
        <source>Trial run (DRY_RUN): every input was read and checked. The release would spend epsilon {epsilon:g} (delta {delta:g}) on the unit of privacy: {unit}. Mechanism: {mechanism}; noise scale {scale}.</source>
        <translation>Probelauf (DRY_RUN): Alle Eingaben wurden gelesen und geprüft. Die Veröffentlichung würde Epsilon {epsilon:g} (Delta {delta:g}) für die Schutzeinheit verbrauchen: {unit}. Mechanismus: {mechanism}; Rauschskala {scale}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="103"/>
        <source>Expected accuracy per published count: absolute error {mae:.4g}, RMSE {rmse:.4g}, 95% margin of error {moe:.4g}.</source>
        <translation>Erwartete Genauigkeit je veröffentlichter Zählung: absoluter Fehler {mae:.4g}, RMSE {rmse:.4g}, 95-%-Fehlermarge {moe:.4g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="120"/>
        <source>Expected displacement: mean {mean:.4g} m, median {median:.4g} m, 95% within {q95:.4g} m.</source>
        <translation>Erwartete Verschiebung: Mittel {mean:.4g} m, Median {median:.4g} m, 95 % innerhalb von {q95:.4g} m.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="128"/>
        <source>Trial run: no noise was drawn, no output written and nothing added to the ledger.</source>
        <translation>Probelauf: Es wurde kein Rauschen gezogen, keine Ausgabe geschrieben und nichts ins Journal eingetragen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="144"/>
        <source>LEDGER {path}: {error}</source>
        <translation>LEDGER {path}: {error}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/track_reader.py" line="163"/>
        <source>The M values of the lines could not be read ({m} values for {n} vertices).</source>
        <translation>Die M-Werte der Linien konnten nicht gelesen werden ({m} Werte für {n} Stützpunkte).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_benchmark.py" line="24"/>
        <source>NOT differentially private: mobility report benchmark against the noise-free data</source>
        <translation>NICHT differentiell privat: Vergleich des Mobilitätsberichts mit den Daten ohne Rauschen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_benchmark.py" line="34"/>
        <source>These measures compare the released report with the exact analyses of the same data after the same user bound (Kapp et al. 2023 §5.2.3). They are computed from the data: do not publish them.</source>
        <translation>Diese Maße vergleichen den veröffentlichten Bericht mit den exakten Analysen derselben Daten nach derselben Begrenzung je Person (Kapp et al. 2023 §5.2.3). Sie sind aus den Daten berechnet: veröffentlichen Sie sie nicht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_benchmark.py" line="34"/>
        <source>Similarity per analysis</source>
        <translation>Ähnlichkeit je Analyse</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="406"/>
        <source>analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_benchmark.py" line="34"/>
        <source>measure</source>
        <translation>Maß</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_benchmark.py" line="34"/>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="86"/>
        <source>minimum</source>
        <translation>Minimum</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="86"/>
        <source>lower quartile</source>
        <translation>unteres Quartil</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="86"/>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="86"/>
        <source>upper quartile</source>
        <translation>oberes Quartil</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="86"/>
        <source>maximum</source>
        <translation>Maximum</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="89"/>
        <source>Each value is within {r:,.0f} ranks of the true quantile with 95% probability (values rounded to a grid of step {s:.3g} {unit}).</source>
        <translation>Jeder Wert liegt mit 95 % Wahrscheinlichkeit höchstens {r:,.0f} Ränge vom wahren Quantil entfernt (Werte auf ein Raster der Schrittweite {s:.3g} {unit} gerundet).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="101"/>
        <source>Unit: {unit}. Bars: noisy counts, red: 95% margin of error ±{m:,.0f}; the last bar counts values above the public maximum.</source>
        <translation>Einheit: {unit}. Balken: verrauschte Anzahlen, rot: 95-%-Fehlermarge ±{m:,.0f}; der letzte Balken zählt Werte über dem öffentlichen Maximum.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="361"/>
        <source>Overview</source>
        <translation>Überblick</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="363"/>
        <source>records</source>
        <translation>Datensätze</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/report_accuracy.py" line="21"/>
        <source>trips</source>
        <translation>Wege</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="363"/>
        <source>complete trips</source>
        <translation>vollständige Wege</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="363"/>
        <source>incomplete trips</source>
        <translation>unvollständige Wege</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="363"/>
        <source>users</source>
        <translation>Personen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="363"/>
        <source>distinct locations</source>
        <translation>verschiedene Orte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="366"/>
        <source>Dataset statistics</source>
        <translation>Kennzahlen des Datensatzes</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="369"/>
        <source>timestamp</source>
        <translation>Zeitstempel</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="369"/>
        <source>coordinates</source>
        <translation>Koordinaten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="371"/>
        <source>Missing values (records)</source>
        <translation>Fehlende Werte (Datensätze)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="373"/>
        <source>outside the range</source>
        <translation>außerhalb des Zeitraums</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="374"/>
        <source>Trips over time ({unit})</source>
        <translation>Wege im Zeitverlauf ({unit})</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="377"/>
        <source>Trips per weekday</source>
        <translation>Wege je Wochentag</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="381"/>
        <source>weekday start</source>
        <translation>Werktag Beginn</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="381"/>
        <source>weekday end</source>
        <translation>Werktag Ende</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="381"/>
        <source>weekend start</source>
        <translation>Wochenende Beginn</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="381"/>
        <source>weekend end</source>
        <translation>Wochenende Ende</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="383"/>
        <source>Trips per hour: {c}</source>
        <translation>Wege je Stunde: {c}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="385"/>
        <source>Places</source>
        <translation>Orte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="202"/>
        <source>Visits per zone</source>
        <translation>Besuche je Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="200"/>
        <source>Visits</source>
        <translation>Besuche</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="216"/>
        <source>weekday</source>
        <translation>Werktag</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="216"/>
        <source>weekend</source>
        <translation>Wochenende</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="218"/>
        <source>Destinations per time window (all zones)</source>
        <translation>Ziele je Zeitfenster (alle Zonen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="387"/>
        <source>Trips</source>
        <translation>Wege</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="125"/>
        <source>Top OD flows</source>
        <translation>Stärkste Quelle-Ziel-Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="125"/>
        <source>OD flows</source>
        <translation>Quelle-Ziel-Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="390"/>
        <source>minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="391"/>
        <source>km</source>
        <translation>km</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="391"/>
        <source>hours</source>
        <translation>Stunden</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="391"/>
        <source>zones</source>
        <translation>Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="392"/>
        <source>normalised entropy (0-1)</source>
        <translation>normierte Entropie (0-1)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="393"/>
        <source>Travel time</source>
        <translation>Reisezeit</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="393"/>
        <source>Jump length</source>
        <translation>Sprungweite</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="394"/>
        <source>Trips per user</source>
        <translation>Wege je Person</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="394"/>
        <source>Time between trips</source>
        <translation>Zeit zwischen Wegen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="395"/>
        <source>Radius of gyration</source>
        <translation>Gyrationsradius</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="395"/>
        <source>Distinct zones per user</source>
        <translation>Verschiedene Zonen je Person</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="396"/>
        <source>Mobility entropy</source>
        <translation>Mobilitätsentropie</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="400"/>
        <source>Users</source>
        <translation>Personen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="404"/>
        <source>Privacy</source>
        <translation>Datenschutz</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="406"/>
        <source>epsilon</source>
        <translation>Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="406"/>
        <source>sensitivity</source>
        <translation>Sensitivität</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="406"/>
        <source>noise scale</source>
        <translation>Rauschskala</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/help_summary.py" line="45"/>
        <source>Details</source>
        <translation>Einzelheiten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="108"/>
        <source>At MIN_FLOW={m:g} with THRESHOLD off, each of the {n:,} cells without data is published with probability {p:.3g}: up to {s:,.1f} published cells of noise only.</source>
        <translation>Bei MIN_FLOW={m:g} und ausgeschaltetem THRESHOLD wird jede der {n:,} Zellen ohne Daten mit Wahrscheinlichkeit {p:.3g} veröffentlicht: bis zu {s:,.1f} veröffentlichte Zellen nur aus Rauschen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/derived_zones.py" line="57"/>
        <source>. If that layer holds the data a release protects, this grid shows the data's extent: it is not a public tessellation for releases on that layer (they refuse it).</source>
        <translation>. Enthält diese Ebene die Daten, die eine Veröffentlichung schützt, zeigt dieses Raster die Ausdehnung der Daten: es ist keine öffentliche Zerlegung für Veröffentlichungen auf dieser Ebene (sie lehnen es ab).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/derived_zones.py" line="79"/>
        <source>{name} was made by H3 hexagon grid from the extent of {input}, the layer this release protects: it shows the data's extent and is not a public tessellation. Make the grid from a public extent (e.g. the city's boundary) instead.</source>
        <translation>{name} wurde von H3-Sechseckraster aus der Ausdehnung von {input} erzeugt, der Ebene, die diese Veröffentlichung schützt: es zeigt die Ausdehnung der Daten und ist keine öffentliche Zerlegung. Erzeugen Sie das Raster stattdessen aus einer öffentlichen Ausdehnung (z. B. der Stadtgrenze).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/derived_zones.py" line="85"/>
        <source>EXTENT is {input} itself (or a copy of it): its bounding box is the data's and would choose the cells and go into the record. Give the public study area instead (e.g. the city's boundary or typed coordinates).</source>
        <translation>EXTENT ist {input} selbst (oder eine Kopie davon): sein umschließendes Rechteck ist das der Daten und würde die Zellen wählen und in den Datensatz eingehen. Geben Sie stattdessen das öffentliche Untersuchungsgebiet an (z. B. die Stadtgrenze oder eingetippte Koordinaten).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="207"/>
        <source>{p}: '{value}' is not a CRS QGIS knows. Give a projected CRS in metres (e.g. EPSG:32633, a UTM zone) or leave {p} empty.</source>
        <translation>{p}: '{value}' ist kein KBS, das QGIS kennt. Geben Sie ein projiziertes KBS in Metern an (z. B. EPSG:32633, eine UTM-Zone) oder lassen Sie {p} leer.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="178"/>
        <source>{p}: {crs} cannot carry the noise: {reason}. Noise drawn in it would not be in ground metres. Choose a CRS true to scale over your data's area (e.g. its UTM zone), or leave {p} empty to draw the noise on the ellipsoid.</source>
        <translation>{p}: {crs} kann das Rauschen nicht tragen: {reason}. Darin gezogenes Rauschen wäre nicht in Bodenmetern. Wählen Sie ein über das Gebiet Ihrer Daten maßstabstreues KBS (z. B. dessen UTM-Zone) oder lassen Sie {p} leer, um das Rauschen auf dem Ellipsoid zu ziehen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="188"/>
        <source>The layer's CRS {crs} is not used for the noise: {reason}. Noise is drawn on the ellipsoid instead.</source>
        <translation>Das KBS der Ebene {crs} wird für das Rauschen nicht verwendet: {reason}. Das Rauschen wird stattdessen auf dem Ellipsoid gezogen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="192"/>
        <source>{what} needs a planar CRS in metres, and the layer's CRS {crs} is not one that is true to scale over its area of use. Set {p} to a projected CRS in metres true to scale over your data's area (e.g. its UTM zone).</source>
        <translation>{what} braucht ein ebenes KBS in Metern, und das KBS der Ebene {crs} ist keines, das über seinen Anwendungsbereich maßstabstreu ist. Setzen Sie {p} auf ein projiziertes KBS in Metern, das über das Gebiet Ihrer Daten maßstabstreu ist (z. B. dessen UTM-Zone).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="196"/>
        <source>Noise frame: {frame}.</source>
        <translation>Rahmen des Rauschens: {frame}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/metric_crs.py" line="199"/>
        <source>the ellipsoid (geodesic)</source>
        <translation>das Ellipsoid (geodätisch)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/point_stream.py" line="71"/>
        <source>{name} has no features with a point geometry (the layer is empty).</source>
        <translation>{name} hat keine Objekte mit Punktgeometrie (die Ebene ist leer).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/readers.py" line="60"/>
        <source>{name} has no coordinate reference system (CRS): its coordinates cannot be placed on the ground. Set its CRS (Layer Properties &gt; Source, or 'Assign projection', native:assignprojection) and run again.</source>
        <translation>{name} hat kein Koordinatenbezugssystem (KBS): seine Koordinaten lassen sich nicht auf der Erde verorten. Setzen Sie sein KBS (Layereigenschaften &gt; Quelle, oder 'Projektion zuweisen', native:assignprojection) und starten Sie erneut.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="329"/>
        <source>{name} has no CRS. Append one to an extent, e.g. '13.0,13.8,52.3,52.7 [EPSG:4326]'; for a layer, set its CRS (Layer Properties &gt; Source, or 'Assign projection', native:assignprojection).</source>
        <translation>{name} hat kein KBS. Hängen Sie bei einer Ausdehnung eines an, z. B. '13.0,13.8,52.3,52.7 [EPSG:4326]'; bei einer Ebene setzen Sie ihr KBS (Layereigenschaften &gt; Quelle, oder 'Projektion zuweisen', native:assignprojection).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="153"/>
        <source>The ledger recognises copies of the same data by their geometries (any format, columns or row order). Give the same name to every copy a fingerprint cannot recognise (reprojected, edited): releases of entries sharing a fingerprint or a name add up.</source>
        <translation>Das Journal erkennt Kopien derselben Daten an ihren Geometrien (jedes Format, jede Spaltenauswahl oder Zeilenfolge). Geben Sie jeder Kopie, die ein Fingerabdruck nicht erkennen kann (umprojiziert, bearbeitet), denselben Namen: Veröffentlichungen von Einträgen mit gemeinsamem Fingerabdruck oder Namen addieren sich.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="191"/>
        <source>PARTITION selects rows of {name}, which must be a vector layer.</source>
        <translation>PARTITION wählt Zeilen von {name} aus, das ein Vektorlayer sein muss.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="199"/>
        <source>PARTITION: '{key}' is not a field of {name} (fields: {fields}). PARTITION selects the rows whose fields have the given values, e.g. day=Mon.</source>
        <translation>PARTITION: '{key}' ist kein Feld von {name} (Felder: {fields}). PARTITION wählt die Zeilen aus, deren Felder die angegebenen Werte haben, z. B. day=Mon.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="209"/>
        <source>PARTITION: the input's provider cannot select {subset}. Use a GeoPackage input.</source>
        <translation>PARTITION: Der Datenanbieter der Eingabe kann {subset} nicht auswählen. Verwenden Sie eine GeoPackage-Eingabe.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="301"/>
        <source>Ledger: partition '{partition}' composes {rule}.</source>
        <translation>Journal: Die Partition '{partition}' wird komponiert: {rule}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="304"/>
        <source>Ledger: this seeded run is recorded as not private, outside every total.</source>
        <translation>Journal: Dieser Lauf mit Zufallssaat wird als nicht privat vermerkt, außerhalb jeder Summe.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/accuracy_notes.py" line="48"/>
        <source>User-level counts with the discrete Gaussian: L2 sensitivity {l2:.4g} (M = {m}), sigma = {s:.4g} per cell, 95% margin of error {moe:.4g} (expected absolute error {mae:.4g}).</source>
        <translation>Zählungen auf Nutzerebene mit diskretem Gauß-Rauschen: L2-Sensitivität {l2:.4g} (M = {m}), sigma = {s:.4g} je Zelle, 95-%-Fehlerspanne {moe:.4g} (erwarteter absoluter Fehler {mae:.4g}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_levels.py" line="28"/>
        <source>Epsilon split over levels (consistent counts)</source>
        <translation>Aufteilung von Epsilon auf die Ebenen (konsistente Zählwerte)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_levels.py" line="30"/>
        <source>Weights coarse to fine, e.g. '1,2,2'; empty: equal shares.</source>
        <translation>Gewichte von grob nach fein, z. B. '1,2,2'; leer: gleiche Anteile.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_levels.py" line="48"/>
        <source>SPLIT: {error}; e.g. '1,2,2' for three levels.</source>
        <translation>SPLIT: {error}; z. B. '1,2,2' für drei Ebenen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_levels.py" line="65"/>
        <source>At EPSILON {e:g}, split {split} (coarse to fine): expected absolute error per level {mae}; 95% margins {moe}.</source>
        <translation>Bei EPSILON {e:g}, Aufteilung {split} (grob nach fein): erwarteter absoluter Fehler je Ebene {mae}; 95-%-Fehlerspannen {moe}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="96"/>
        <source>Privacy ledger</source>
        <translation>Privatsphäre-Journal</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="98"/>
        <source>Your private JSON file of every release of a source (type a new file name to start one). Each run appends one entry (a fingerprint of the whole input layer, epsilon, delta, partition, output) before any noise is drawn; the file is appended to, never overwritten. Keep it private: the fingerprint identifies the raw data.</source>
        <translation>Ihre private JSON-Datei aller Veröffentlichungen aus einer Datenquelle (einen neuen Dateinamen eingeben, um eine zu beginnen). Jeder Lauf hängt einen Eintrag an (einen Fingerabdruck des gesamten Eingabelayers, Epsilon, Delta, Partition, Ausgabe), bevor Rauschen erzeugt wird; die Datei wird ergänzt, nie überschrieben. Halten Sie sie unter Verschluss: Der Fingerabdruck identifiziert die Rohdaten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="105"/>
        <source>Privacy budget (total epsilon)</source>
        <translation>Privatsphäre-Budget (Epsilon gesamt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="109"/>
        <source>The total epsilon allowed for this source; needs the privacy ledger. A run that would take the source's total epsilon in the ledger above this stops before drawing any noise and says how much was spent, requested and remains.</source>
        <translation>Das für diese Datenquelle erlaubte Epsilon insgesamt; braucht das Privatsphäre-Journal. Ein Lauf, der das gesamte Epsilon der Datenquelle im Journal über diesen Wert heben würde, bricht ab, bevor Rauschen erzeugt wird, und meldet, wie viel bereits verbraucht, angefordert und noch verfügbar ist.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="136"/>
        <source>Partition</source>
        <translation>Partition</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="139"/>
        <source>The part of the source this run covers ('all' for everything): field=value conditions separated by commas, e.g. 'day=Mon, mode=bus': the run itself releases only the input's rows with these values (the fields must be fields of the input). Releases on partitions that give a common field different values compose in parallel (Asghar, Tyler and Kaafar 2017 Theorem 3) only where no unit of privacy can have rows in both: partitions by the user field, user-day units with partitions by the day field, or one row per unit; otherwise they add up. The ledger and the privacy report say which rule applied.</source>
        <translation>Der Teil der Datenquelle, den dieser Lauf abdeckt ('all' für alles): Bedingungen Feld=Wert, durch Kommas getrennt, z. B. 'day=Mon, mode=bus': Der Lauf veröffentlicht nur die Zeilen der Eingabe mit diesen Werten (die Felder müssen Felder der Eingabe sein). Veröffentlichungen auf Partitionen, die einem gemeinsamen Feld verschiedene Werte geben, werden nur dann parallel komponiert (Asghar, Tyler und Kaafar 2017 Theorem 3), wenn keine Schutzeinheit Zeilen in beiden haben kann: Partitionen nach dem Nutzerfeld, Personentage mit Partitionen nach dem Tagesfeld oder eine Zeile je Einheit; sonst addieren sie sich. Journal und Privatsphäre-Bericht nennen die angewandte Regel.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="65"/>
        <source>Discrete Gaussian (integer counts; L2 sensitivity, needs DELTA &gt; 0)</source>
        <translation>Diskretes Gauß-Rauschen (ganzzahlige Zählwerte; L2-Sensitivität, erfordert DELTA &gt; 0)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="83"/>
        <source>Cells published</source>
        <translation>Veröffentlichte Zellen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="83"/>
        <source>Only cells with data (stability histogram)</source>
        <translation>Nur Zellen mit Daten (Stabilitätshistogramm)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="86"/>
        <source>The stability histogram (Asghar, Tyler and Kaafar 2017, "Differentially Private Release of Public Transport Data: The Opal Use Case", Algorithm 1) publishes a cell only when its noisy count passes a threshold, so cells without data are never published; it is (epsilon, delta)-DP and needs DELTA &gt; 0. The other choice noises every cell: pure epsilon-DP (DELTA 0), with noise-only cells.</source>
        <translation>Das Stabilitätshistogramm (Asghar, Tyler und Kaafar 2017, "Differentially Private Release of Public Transport Data: The Opal Use Case", Algorithm 1) veröffentlicht eine Zelle nur, wenn ihre verrauschte Anzahl eine Schwelle überschreitet, sodass Zellen ohne Daten nie veröffentlicht werden; es ist (Epsilon, Delta)-DP und braucht DELTA &gt; 0. Die andere Wahl verrauscht jede Zelle: reine Epsilon-DP (DELTA 0), mit Zellen aus reinem Rauschen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="71"/>
        <source>Delta</source>
        <translation>Delta</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="73"/>
        <source>In [0, 1): the delta of the stability histogram or of Gaussian noise, e.g. 1e-6 (well below 1 / number of users); 0 when every cell is published with Laplace noise (pure epsilon-DP).</source>
        <translation>In [0, 1): das Delta des Stabilitätshistogramms oder des Gauß-Rauschens, z. B. 1e-6 (deutlich unter 1 / Anzahl der Nutzer); 0, wenn jede Zelle mit Laplace-Rauschen veröffentlicht wird (reine Epsilon-DP).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="109"/>
        <source>NOISE=2 (discrete Gaussian) needs DELTA &gt; 0, e.g. DELTA=1e-6: it is (epsilon, delta)-DP through zero-concentrated DP. Or use NOISE=0 (Laplace) with DELTA=0.</source>
        <translation>NOISE=2 (diskretes Gauß-Rauschen) erfordert DELTA &gt; 0, z. B. DELTA=1e-6: Es handelt sich um (epsilon, delta)-DP über zero-concentrated DP. Oder verwenden Sie NOISE=0 (Laplace) mit DELTA=0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="49"/>
        <source>Trial run (write nothing, spend nothing)</source>
        <translation>Probelauf (nichts schreiben, nichts verbrauchen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="113"/>
        <source>With the stability histogram (THRESHOLD=1) no cell without data is published; a cell needs about {t:.3g} contributions to be published half the time.</source>
        <translation>Mit dem Stabilitätshistogramm (THRESHOLD=1) wird keine Zelle ohne Daten veröffentlicht; eine Zelle braucht etwa {t:.3g} Beiträge, um in der Hälfte der Fälle veröffentlicht zu werden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="37"/>
        <source>Not informative at this epsilon: every value of {what} is within its 95% margin of error of zero, so it cannot be told from noise. Give it a larger share (BUDGET_SPLIT) or a larger EPSILON.</source>
        <translation>Bei diesem Epsilon nicht aussagekräftig: Jeder Wert in {what} liegt innerhalb seiner 95-%-Fehlerspanne um null und lässt sich daher nicht von Rauschen unterscheiden. Geben Sie der Analyse einen größeren Anteil (BUDGET_SPLIT) oder ein größeres EPSILON.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="63"/>
        <source>Mon</source>
        <translation>Mo</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="63"/>
        <source>Tue</source>
        <translation>Di</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="63"/>
        <source>Wed</source>
        <translation>Mi</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="63"/>
        <source>Thu</source>
        <translation>Do</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="63"/>
        <source>Fri</source>
        <translation>Fr</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="63"/>
        <source>Sat</source>
        <translation>Sa</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="63"/>
        <source>Sun</source>
        <translation>So</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="115"/>
        <source>No flow reached the threshold: nothing reliable to show</source>
        <translation>Kein Strom hat die Schwelle erreicht: nichts Verlässliches anzuzeigen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="125"/>
        <source>The {n} largest flows</source>
        <translation>Die {n} stärksten Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="125"/>
        <source>Largest flows</source>
        <translation>Stärkste Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="139"/>
        <source>How many records, trips, users and distinct locations the data holds (after the bound of M trips per user). Records and trips are sums of the noisy complete and incomplete counts.</source>
        <translation>Wie viele Datensätze, Wege, Personen und verschiedene Orte die Daten enthalten (nach der Begrenzung auf M Wege je Person). Datensätze und Wege sind Summen der verrauschten Anzahlen vollständiger und unvollständiger Wege.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="142"/>
        <source>Records without a timestamp or without coordinates.</source>
        <translation>Datensätze ohne Zeitstempel oder ohne Koordinaten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="143"/>
        <source>Trips per period by start time: the overall trend and gaps in the data.</source>
        <translation>Wege je Zeitabschnitt nach Startzeit: der Gesamttrend und Lücken in den Daten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="144"/>
        <source>Trips per day of the week by start time: weekly rhythm.</source>
        <translation>Wege je Wochentag nach Startzeit: der Wochenrhythmus.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="145"/>
        <source>Trip starts and ends per hour of the day, weekdays and weekends apart: peaks show commuting.</source>
        <translation>Wegbeginne und Wegenden je Stunde des Tages, getrennt nach Werktagen und Wochenende: Spitzen zeigen den Berufsverkehr.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="147"/>
        <source>Trip starts and ends per zone: where people go. Darker zones have more visits; the legend gives the scale. Each zone's count is off by up to its margin of error.</source>
        <translation>Wegbeginne und Wegenden je Zone: wohin Menschen gehen. Dunklere Zonen haben mehr Besuche; die Legende zeigt die Skala. Die Anzahl jeder Zone kann bis zu ihrer Fehlerspanne abweichen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="150"/>
        <source>The zones with the most visits, by noisy count, with the 95% margin of error as a red bar.</source>
        <translation>Die Zonen mit den meisten Besuchen, nach verrauschter Anzahl, mit der 95-%-Fehlerspanne als rotem Balken.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="152"/>
        <source>Two entries whose bars overlap within their error bars may be in either order in the true data.</source>
        <translation>Zwei Einträge, deren Balken sich innerhalb ihrer Fehlerbalken überschneiden, können in den wahren Daten in beliebiger Reihenfolge stehen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="154"/>
        <source>Share of all visits (up) in the share of zones with the most visits (across): a curve far above the dashed diagonal means visits concentrate in few zones. Drawn from the noisy counts clamped at zero, so at a small epsilon empty zones with positive noise make visits look more spread out than they are.</source>
        <translation>Anteil aller Besuche (senkrecht) am Anteil der meistbesuchten Zonen (waagerecht): Eine Kurve weit über der gestrichelten Diagonale bedeutet, dass sich die Besuche auf wenige Zonen konzentrieren. Gezeichnet aus den bei null abgeschnittenen verrauschten Anzahlen; bei kleinem Epsilon lassen leere Zonen mit positivem Rauschen die Besuche daher gestreuter erscheinen, als sie sind.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="158"/>
        <source>Destinations per four-hour window. The maps show, per zone, how far each window is above (red) or below (blue) that zone's average over the windows: where people go at which time of day.</source>
        <translation>Ziele je Vier-Stunden-Fenster. Die Karten zeigen je Zone, wie weit jedes Fenster über (rot) oder unter (blau) dem Durchschnitt dieser Zone über alle Fenster liegt: wohin Menschen zu welcher Tageszeit gehen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="161"/>
        <source>Trips between pairs of zones (origin to destination): the main travel corridors.</source>
        <translation>Wege zwischen Zonenpaaren (von der Quelle zum Ziel): die wichtigsten Verkehrskorridore.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="162"/>
        <source>Minutes from the start to the end of each complete trip.</source>
        <translation>Minuten vom Beginn bis zum Ende jedes vollständigen Wegs.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="163"/>
        <source>Straight-line distance between the start and the end of each complete trip.</source>
        <translation>Luftlinienentfernung zwischen Beginn und Ende jedes vollständigen Wegs.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="164"/>
        <source>How many trips each user made (at most M are kept).</source>
        <translation>Wie viele Wege jede Person unternommen hat (höchstens M werden behalten).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="165"/>
        <source>Hours between the start of one trip and the start of the user's next.</source>
        <translation>Stunden zwischen dem Beginn eines Wegs und dem Beginn des nächsten Wegs derselben Person.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="166"/>
        <source>How far a user's trip ends lie from their centre: the size of each user's range.</source>
        <translation>Wie weit die Wegenden einer Person von ihrem Mittelpunkt entfernt liegen: die Größe des Aktionsraums jeder Person.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="167"/>
        <source>How many different zones each user visited.</source>
        <translation>Wie viele verschiedene Zonen jede Person besucht hat.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="168"/>
        <source>How evenly a user's visits spread over their zones (0: one zone, 1: evenly over many).</source>
        <translation>Wie gleichmäßig sich die Besuche einer Person auf ihre Zonen verteilen (0: eine Zone, 1: gleichmäßig auf viele).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="200"/>
        <source>Not informative at this epsilon</source>
        <translation>Bei diesem Epsilon nicht aussagekräftig</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="202"/>
        <source>Visits outside the zones: {n}. 95% margin of error per zone: ±{m}.</source>
        <translation>Besuche außerhalb der Zonen: {n}. 95-%-Fehlerspanne je Zone: ±{m}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="205"/>
        <source>The {n} zones with the most visits</source>
        <translation>Die {n} Zonen mit den meisten Besuchen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="205"/>
        <source>Top zones</source>
        <translation>Meistbesuchte Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="210"/>
        <source>Concentration of visits</source>
        <translation>Konzentration der Besuche</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="210"/>
        <source>share of zones, most visited first</source>
        <translation>Anteil der Zonen, meistbesuchte zuerst</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="210"/>
        <source>share of visits</source>
        <translation>Anteil der Besuche</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="220"/>
        <source>Each window's total is its own noisy count (a quarter of this analysis's epsilon), not a sum of the zones' counts; it is not clamped at zero, so it is unbiased and can be negative. 95% margin of error ±{m}.</source>
        <translation>Die Summe jedes Fensters ist eine eigene verrauschte Anzahl (ein Viertel des Epsilons dieser Analyse), keine Summe der Zonenanzahlen; sie wird nicht bei null abgeschnitten, ist daher unverzerrt und kann negativ sein. 95-%-Fehlerspanne ±{m}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="229"/>
        <source>Red: more destinations in that window than the zone's average over the 12 windows; blue: fewer; one colour scale for all 12 maps. Each zone and window count is off by up to ±{m} (95%).</source>
        <translation>Rot: mehr Ziele in diesem Fenster als im Durchschnitt der Zone über die 12 Fenster; blau: weniger; eine gemeinsame Farbskala für alle 12 Karten. Jede Anzahl je Zone und Fenster weicht um bis zu ±{m} ab (95 %).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="231"/>
        <source>Destinations per time window: deviation from each zone's average</source>
        <translation>Ziele je Zeitfenster: Abweichung vom Durchschnitt jeder Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="231"/>
        <source>destinations per zone and window</source>
        <translation>Ziele je Zone und Fenster</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_input.py" line="132"/>
        <source>Give both X_FIELD and Y_FIELD, or neither to use point geometries.</source>
        <translation>Geben Sie X_FIELD und Y_FIELD beide an oder keines von beiden, um Punktgeometrien zu verwenden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_input.py" line="143"/>
        <source>INPUT has no CRS: set COORDINATES_CRS or the layer's CRS.</source>
        <translation>INPUT hat kein KBS: Setzen Sie COORDINATES_CRS oder das KBS des Layers.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_input.py" line="147"/>
        <source>TRIP_FIELD is needed for trip records (one row per start and end); or give trip lines.</source>
        <translation>TRIP_FIELD wird für Wegdatensätze benötigt (eine Zeile je Beginn und Ende); oder geben Sie Weglinien an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_input.py" line="163"/>
        <source>INPUT has no point geometries: give a point layer, or X_FIELD and Y_FIELD.</source>
        <translation>INPUT hat keine Punktgeometrien: Geben Sie einen Punktlayer an oder X_FIELD und Y_FIELD.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_input.py" line="173"/>
        <source>TIMESTAMP_FIELD holds a value that is not a date and time: {value}. Fix it or set it to NULL (NULL timestamps are counted as missing).</source>
        <translation>TIMESTAMP_FIELD enthält einen Wert, der kein Datum mit Uhrzeit ist: {value}. Korrigieren Sie ihn oder setzen Sie ihn auf NULL (NULL-Zeitstempel werden als fehlend gezählt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_input.py" line="224"/>
        <source>Dropped {n} rows with a NULL trip id.</source>
        <translation>{n} Zeilen mit NULL-Weg-ID wurden verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_input.py" line="228"/>
        <source>No record has a trip id in TRIP_FIELD.</source>
        <translation>Kein Datensatz hat eine Weg-ID in TRIP_FIELD.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_input.py" line="233"/>
        <source>{n} trips have one record only: counted as incomplete.</source>
        <translation>{n} Wege haben nur einen Datensatz: als unvollständig gezählt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_source.py" line="108"/>
        <source>Allow overlapping zones</source>
        <translation>Überlappende Zonen zulassen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="151"/>
        <source>Dataset name in the ledger</source>
        <translation>Name der Daten im Journal</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="159"/>
        <source>Most rows per person</source>
        <translation>Höchstens Zeilen je Person</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="162"/>
        <source>At most this many rows (units of privacy) per person; empty: not bounded. A release whose unit of privacy is not a person (a point, a trip, a row, a user-day) protects one person only if the publisher knows how many such units a person can have: with at most k, a person is protected at k times epsilon. Without it the privacy report counts such a release as unbounded per person.</source>
        <translation>Höchstens so viele Zeilen (Schutzeinheiten) je Person; leer: nicht begrenzt. Eine Veröffentlichung, deren Schutzeinheit keine Person ist (ein Punkt, eine Fahrt, eine Zeile, ein Personentag), schützt eine Person nur, wenn der Herausgeber weiß, wie viele solcher Einheiten eine Person haben kann: Bei höchstens k ist eine Person mit k mal Epsilon geschützt. Ohne diese Angabe zählt der Privatsphäre-Bericht eine solche Veröffentlichung je Person als unbeschränkt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="41"/>
        <source>Analyses (mobility report)</source>
        <translation>Analysen (Mobilitätsbericht)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="44"/>
        <source>The report's ANALYSES; by default all but trips over time (the report leaves it out without TIME_START and TIME_END).</source>
        <translation>Die ANALYSES des Berichts; standardmäßig alle außer Wege im Zeitverlauf (der Bericht lässt diese Analyse ohne TIME_START und TIME_END weg).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="46"/>
        <source>Budget split weights (mobility report)</source>
        <translation>Gewichte der Budgetaufteilung (Mobilitätsbericht)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="47"/>
        <source>The report's BUDGET_SPLIT, e.g. 'od_flows=3,visits_per_zone=2'; empty: the report's default split.</source>
        <translation>Das BUDGET_SPLIT des Berichts, z. B. 'od_flows=3,visits_per_zone=2'; leer: die Standardaufteilung des Berichts.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="76"/>
        <source>BUDGET_SPLIT weights must be numbers &gt;= 0, at least one of the chosen analyses above 0.</source>
        <translation>Die Gewichte in BUDGET_SPLIT müssen Zahlen &gt;= 0 sein, mindestens eine der gewählten Analysen über 0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/report_accuracy.py" line="28"/>
        <source>At EPSILON {e:g} for the whole report (M = {m}), per section: its epsilon, the expected absolute error and the 95% margin of one published count or bin:</source>
        <translation>Bei EPSILON {e:g} für den ganzen Bericht (M = {m}), je Abschnitt: sein Epsilon, der erwartete absolute Fehler und die 95-%-Fehlerspanne einer veröffentlichten Anzahl oder Klasse:</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="97"/>
        <source>BUDGET_SPLIT names an unknown analysis '{name}'; use names from: {names}.</source>
        <translation>BUDGET_SPLIT nennt eine unbekannte Analyse „{name}“; verwenden Sie Namen aus: {names}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/destinations.py" line="88"/>
        <source>The PostgreSQL destination '{dest}' names no table: give table="schema"."name" (geom), as QGIS's "Save to PostGIS table..." writes.</source>
        <translation>Das PostgreSQL-Ziel „{dest}“ nennt keine Tabelle: Geben Sie table="schema"."name" (geom) an, wie es „In PostGIS-Tabelle speichern …“ in QGIS schreibt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/destinations.py" line="99"/>
        <source>Outputs go to a file (for example out.gpkg), a layer of a GeoPackage (ogr:dbname='city.gpkg' table="counts" (geom)), a PostGIS table (postgres://dbname=... table="public"."counts" (geom)) or a memory layer (memory:), not '{dest}'.</source>
        <translation>Ausgaben gehen in eine Datei (zum Beispiel out.gpkg), in einen Layer eines GeoPackages (ogr:dbname='city.gpkg' table="counts" (geom)), in eine PostGIS-Tabelle (postgres://dbname=... table="public"."counts" (geom)) oder in einen temporären Layer (memory:), nicht nach „{dest}“.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/destinations.py" line="142"/>
        <source>Could not write the layer metadata as XML.</source>
        <translation>Die Layer-Metadaten konnten nicht als XML geschrieben werden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/destinations.py" line="234"/>
        <source>{file}: the shapefile format allows field names of at most 10 characters, so these fields were renamed: {fields}. Use .gpkg to keep the names.</source>
        <translation>{file}: Das Shapefile-Format erlaubt Feldnamen mit höchstens 10 Zeichen, daher wurden diese Felder umbenannt: {fields}. Verwenden Sie .gpkg, um die Namen zu behalten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/destinations.py" line="247"/>
        <source>{path} cannot be written (no permission).</source>
        <translation>{path} kann nicht geschrieben werden (keine Berechtigung).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/destinations.py" line="252"/>
        <source>{path} is not a GeoPackage.</source>
        <translation>{path} ist kein GeoPackage.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/destinations.py" line="301"/>
        <source>This QGIS has no PostgreSQL provider.</source>
        <translation>Dieses QGIS hat keinen PostgreSQL-Datenanbieter.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/destinations.py" line="320"/>
        <source>Could not write the PostgreSQL table {table}: {message}</source>
        <translation>Die PostgreSQL-Tabelle {table} konnte nicht geschrieben werden: {message}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/destinations.py" line="347"/>
        <source>Could not write the privacy record of {table}: {message}</source>
        <translation>Die Privatsphäre-Angaben von {table} konnten nicht geschrieben werden: {message}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/memory.py" line="52"/>
        <source>{name} = {value:.0f} would need about {needed} of memory; this machine has {available} available, so {name} can be at most {largest} here. Choose a smaller {name}.</source>
        <translation>{name} = {value:.0f} bräuchte etwa {needed} Arbeitsspeicher; dieser Rechner hat {available} frei, also darf {name} hier höchstens {largest} sein. Wählen Sie ein kleineres {name}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="69"/>
        <source>within the margin of error of zero: noise at this epsilon</source>
        <translation>innerhalb der Fehlerspanne um null: bei diesem Epsilon nur Rauschen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="70"/>
        <source>(noise)</source>
        <translation>(Rauschen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="115"/>
        <source>Budget delta (0: not used)</source>
        <translation>Budget-Delta (0: nicht verwendet)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="118"/>
        <source>The delta allowed with BUDGET. 0: only epsilon is compared, by basic composition (epsilons add up). Above 0, where the source has a Gaussian release: its releases are also accounted in zero-concentrated DP (Bun and Steinke 2016; pure epsilon-DP releases count epsilon squared over 2), converted to epsilon at this delta (Canonne, Kamath and Steinke 2020), and the run goes ahead if either way keeps the source within BUDGET at BUDGET_DELTA.</source>
        <translation>Das mit BUDGET erlaubte Delta. 0: nur Epsilon wird verglichen, nach einfacher Komposition (Epsilons addieren sich). Über 0, wenn die Datenquelle eine Gauß-Veröffentlichung hat: ihre Veröffentlichungen werden auch in nullkonzentrierter DP (Bun und Steinke 2016; reine Epsilon-DP-Veröffentlichungen zählen Epsilon zum Quadrat durch 2) verbucht, bei diesem Delta in Epsilon umgerechnet (Canonne, Kamath und Steinke 2020), und der Lauf geht weiter, wenn einer der beiden Wege die Datenquelle innerhalb von BUDGET bei BUDGET_DELTA hält.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="126"/>
        <source>Privacy budget as rho (zCDP; 0: not used)</source>
        <translation>Privatsphäre-Budget als Rho (zCDP; 0: nicht verwendet)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="129"/>
        <source>The budget as rho of zero-concentrated DP (Bun and Steinke 2016) instead of BUDGET; needs the privacy ledger. Rho adds up over releases: a Gaussian release counts its rho, a pure epsilon-DP release epsilon squared over 2. A release that is (epsilon, delta)-DP but not zCDP (such as partition selection with delta) has no rho and is refused under a rho budget.</source>
        <translation>Das Budget als Rho der nullkonzentrierten DP (Bun und Steinke 2016) statt BUDGET; braucht das Privatsphäre-Journal. Rho addiert sich über Veröffentlichungen: eine Gauß-Veröffentlichung zählt ihr Rho, eine reine Epsilon-DP-Veröffentlichung Epsilon zum Quadrat durch 2. Eine Veröffentlichung, die (Epsilon, Delta)-DP, aber nicht zCDP ist (etwa Partitionsauswahl mit Delta), hat kein Rho und wird unter einem Rho-Budget abgelehnt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="286"/>
        <source>{message} Ledger: {path}. Lower EPSILON, choose another PARTITION, or raise {parameter}.</source>
        <translation>{message} Journal: {path}. Senken Sie EPSILON, wählen Sie eine andere PARTITION oder erhöhen Sie {parameter}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="305"/>
        <source> (budget: {budget})</source>
        <translation> (Budget: {budget})</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="312"/>
        <source>Ledger, on partition '{partition}': {spend}.</source>
        <translation>Journal, auf Partition '{partition}': {spend}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="335"/>
        <source>Give BUDGET (epsilon, with BUDGET_DELTA) or BUDGET_RHO (zCDP), not both: set BUDGET_RHO to 0 or leave BUDGET empty.</source>
        <translation>Geben Sie BUDGET (Epsilon, mit BUDGET_DELTA) oder BUDGET_RHO (zCDP) an, nicht beides: setzen Sie BUDGET_RHO auf 0 oder lassen Sie BUDGET leer.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="338"/>
        <source>BUDGET_DELTA is the delta allowed with BUDGET: give BUDGET too, or set BUDGET_DELTA to 0.</source>
        <translation>BUDGET_DELTA ist das mit BUDGET erlaubte Delta: geben Sie auch BUDGET an oder setzen Sie BUDGET_DELTA auf 0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="151"/>
        <source>Ledger: {term} {spent:g} spent on partition '{partition}' so far; this release would make it {after:g}.</source>
        <translation>Journal: auf Partition '{partition}' bisher {term} {spent:g} verbraucht; diese Veröffentlichung brächte es auf {after:g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="156"/>
        <source>The budget ({budget}) would refuse this release: lower EPSILON, choose another PARTITION, or raise the budget.</source>
        <translation>Das Budget ({budget}) würde diese Veröffentlichung ablehnen: senken Sie EPSILON, wählen Sie eine andere PARTITION oder erhöhen Sie das Budget.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_levels.py" line="25"/>
        <source>Levels (consistent counts)</source>
        <translation>Ebenen (konsistente Zählungen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_levels.py" line="31"/>
        <source>Children per parent (consistent counts)</source>
        <translation>Kinder je Elternteil (konsistente Zählungen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_levels.py" line="34"/>
        <source>7 for H3 levels; for zones, the typical number of zones per district (and of districts per city).</source>
        <translation>7 für H3-Ebenen; für Zonen die typische Zahl der Zonen je Bezirk (und der Bezirke je Stadt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="37"/>
        <source>Epsilon split: flows and totals</source>
        <translation>Aufteilung von Epsilon: Ströme und Summen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="39"/>
        <source>Four weights, used only with OUTPUT_TOTALS; empty: 5,2,2,1 (half of EPSILON for the flows).</source>
        <translation>Vier Gewichte, nur mit OUTPUT_TOTALS verwendet; leer: 5,2,2,1 (die Hälfte von EPSILON für die Ströme).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="43"/>
        <source>Origin and destination totals</source>
        <translation>Quell- und Zielsummen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="48"/>
        <source>Consistent grand total (with OUTPUT_TOTALS)</source>
        <translation>Konsistente Gesamtsumme (mit OUTPUT_TOTALS)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="53"/>
        <source>&lt;p&gt;&lt;b&gt;Consistent totals&lt;/b&gt; (OUTPUT_TOTALS, optional). Publishes, with the flows, each zone's origin total (trips leaving it), destination total (trips arriving) and the grand total (GRAND_TOTAL), so that every row of flows adds up to its origin total and every column to its destination total. EPSILON is split over flows, origin totals, destination totals and grand total (TOTALS_SPLIT, default 5,2,2,1); each part gets Laplace noise of scale M / (its epsilon) and the parts add up to EPSILON (sequential composition). Then least squares (Hay, Rastogi, Miklau and Suciu, PVLDB 2010) finds the flows closest to all four noisy parts, weighted by their noise, and publishes their sums as the totals: post-processing, no extra cost. Needs THRESHOLD=0 and MIN_FLOW=0 (every pair is published) and Laplace noise. The flows are not rounded or clamped (that would break the sums): a flow can be negative or fractional. With many zones the totals are far more accurate than sums of noisy flows; each flow has about twice the error of a release of the flows alone (it gets half of EPSILON by default).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Konsistente Summen&lt;/b&gt; (OUTPUT_TOTALS, optional). Veröffentlicht mit den Strömen die Quellsumme jeder Zone (abgehende Wege), ihre Zielsumme (ankommende Wege) und die Gesamtsumme (GRAND_TOTAL), so dass jede Zeile der Ströme genau ihre Quellsumme und jede Spalte ihre Zielsumme ergibt. EPSILON wird auf Ströme, Quellsummen, Zielsummen und Gesamtsumme aufgeteilt (TOTALS_SPLIT, Vorgabe 5,2,2,1); jeder Teil erhält Laplace-Rauschen der Skala M / (sein Epsilon), und die Teile ergeben zusammen EPSILON (sequentielle Komposition). Dann findet die Methode der kleinsten Quadrate (Hay, Rastogi, Miklau und Suciu, PVLDB 2010) die Ströme, die allen vier verrauschten Teilen am nächsten liegen, gewichtet nach ihrem Rauschen, und veröffentlicht deren Summen als Summen: Nachverarbeitung ohne zusätzliche Kosten. Erfordert THRESHOLD=0 und MIN_FLOW=0 (jedes Paar wird veröffentlicht) und Laplace-Rauschen. Die Ströme werden weder gerundet noch auf null begrenzt (das würde die Summen brechen): Ein Strom kann negativ oder gebrochen sein. Bei vielen Zonen sind die Summen weit genauer als Summen verrauschter Ströme; jeder Strom hat etwa den doppelten Fehler einer Veröffentlichung der Ströme allein (er erhält standardmäßig die Hälfte von EPSILON).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="83"/>
        <source>OUTPUT_TOTALS publishes every pair so that rows and columns add up: set THRESHOLD=0 and MIN_FLOW=0, or skip OUTPUT_TOTALS.</source>
        <translation>OUTPUT_TOTALS veröffentlicht jedes Paar, damit Zeilen und Spalten aufgehen: THRESHOLD=0 und MIN_FLOW=0 setzen oder OUTPUT_TOTALS überspringen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="87"/>
        <source>OUTPUT_TOTALS works with NOISE=0 (Laplace) only.</source>
        <translation>OUTPUT_TOTALS funktioniert nur mit NOISE=0 (Laplace).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="91"/>
        <source>TOTALS_SPLIT: {error}; e.g. '5,2,2,1'.</source>
        <translation>TOTALS_SPLIT: {error}; z. B. '5,2,2,1'.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="100"/>
        <source>Noisy count of trips with an end outside all zones: {outside:g} (95% margin of error {moe:g}).</source>
        <translation>Verrauschte Zahl der Wege mit einem Ende außerhalb aller Zonen: {outside:g} (95-%-Fehlermarge {moe:g}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="100"/>
        <source>Release path: every pair, with the origin totals, destination totals and grand total. Post-processing: least squares so that every row of flows sums to its origin total and every column to its destination total; no rounding or clamping (that would break the sums), so a flow can be negative or fractional.</source>
        <translation>Veröffentlichungsweg: jedes Paar, mit Quellsummen, Zielsummen und Gesamtsumme. Nachverarbeitung: kleinste Quadrate, so dass jede Zeile der Ströme ihre Quellsumme und jede Spalte ihre Zielsumme ergibt; kein Runden und kein Begrenzen auf null (das würde die Summen brechen), daher kann ein Strom negativ oder gebrochen sein.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="100"/>
        <source>Expected absolute error of a flow {f:.3g}, an origin total {o:.3g}, a destination total {d:.3g}, the grand total {g:.3g}.</source>
        <translation>Erwarteter absoluter Fehler eines Stroms {f:.3g}, einer Quellsumme {o:.3g}, einer Zielsumme {d:.3g}, der Gesamtsumme {g:.3g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_totals_output.py" line="134"/>
        <source>Consistent OD totals</source>
        <translation>Konsistente OD-Summen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_reader.py" line="51"/>
        <source>'{field}' is not a field of {name}.</source>
        <translation>'{field}' ist kein Feld von {name}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_hierarchy.py" line="26"/>
        <source>PARENT_FIELDS: give the fields of ZONES with each zone's parent ids, nearest level first (e.g. district_id, then city_id).</source>
        <translation>PARENT_FIELDS: die Felder von ZONES mit den übergeordneten IDs jeder Zone angeben, die nächste Ebene zuerst (z. B. district_id, dann city_id).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_hierarchy.py" line="31"/>
        <source>PARENT_FIELDS holds the zone id field '{field}': list only the parents' id fields.</source>
        <translation>PARENT_FIELDS enthält das Zonen-ID-Feld '{field}': nur die ID-Felder der übergeordneten Ebenen angeben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_hierarchy.py" line="40"/>
        <source>PARENT_FIELDS ({field}): {error}. Fix the field in ZONES so that every zone has one parent per level and every parent one parent of its own.</source>
        <translation>PARENT_FIELDS ({field}): {error}. Das Feld in ZONES so korrigieren, dass jede Zone je Ebene genau eine übergeordnete Einheit hat und jede übergeordnete Einheit selbst genau eine.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_hierarchy.py" line="44"/>
        <source>PARENT_FIELDS: {error}.</source>
        <translation>PARENT_FIELDS: {error}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="273"/>
        <source>{k} of {n} sections informative at this epsilon.</source>
        <translation>{k} von {n} Abschnitten bei diesem Epsilon aussagekräftig.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="277"/>
        <source>Not informative (every value within its margin of error of zero, or no flow published): {names}. Give them a larger share (BUDGET_SPLIT) or a larger EPSILON.</source>
        <translation>Nicht aussagekräftig (jeder Wert innerhalb seiner Fehlerspanne um null, oder kein Strom veröffentlicht): {names}. Geben Sie ihnen einen größeren Anteil (BUDGET_SPLIT) oder ein größeres EPSILON.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="38"/>
        <source>Share of epsilon for the automatic M</source>
        <translation>Epsilon-Anteil für das automatische M</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="41"/>
        <source>Used when M is 0 (automatic): this share of EPSILON chooses M, the rest goes to the release; e.g. 0.05.</source>
        <translation>Wird verwendet, wenn M 0 ist (automatisch): Dieser Anteil von EPSILON wählt M, der Rest geht an die Veröffentlichung; z. B. 0,05.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="44"/>
        <source>Largest automatic M</source>
        <translation>Größtes automatisches M</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="47"/>
        <source>Used when M is 0 (automatic): the candidates are 1 to this public number.</source>
        <translation>Wird verwendet, wenn M 0 ist (automatisch): Die Kandidaten sind 1 bis zu dieser öffentlichen Zahl.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="79"/>
        <source>{name}=0 (automatic) chooses the bound per user: set USER_FIELD, or give {name} a whole number of at least 1.</source>
        <translation>{name}=0 (automatisch) wählt die Schranke je Nutzer: Setzen Sie USER_FIELD oder geben Sie für {name} eine ganze Zahl von mindestens 1 an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="83"/>
        <source>AUTO_SHARE must be between 0 and 1, e.g. 0.05 (got {v}).</source>
        <translation>AUTO_SHARE muss zwischen 0 und 1 liegen, z. B. 0,05 (erhalten: {v}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="125"/>
        <source>{name}=0 (automatic) cannot work: {error}. Check AUTO_SHARE and AUTO_MAX_BOUND.</source>
        <translation>{name}=0 (automatisch) kann nicht funktionieren: {error}. Prüfen Sie AUTO_SHARE und AUTO_MAX_BOUND.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/core/mechanisms/auto_bound.py" line="101"/>
        <source>Automatic M: M will be chosen privately when the release runs (from 1 to {largest}), with epsilon {cost:g} of the {total:g} of this run; the release will use the other {rest:g}. This trial run draws nothing: its figures are for M = {largest}, the most noise the choice can give.</source>
        <translation>Automatisches M: M wird privat gewählt, wenn die Veröffentlichung läuft (aus 1 bis {largest}), mit Epsilon {cost:g} von den {total:g} dieses Laufs; die Veröffentlichung verwendet dann die übrigen {rest:g}. Dieser Probelauf zieht nichts: Seine Kennzahlen gelten für M = {largest}, das meiste Rauschen, das die Wahl ergeben kann.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/core/mechanisms/auto_bound.py" line="173"/>
        <source>Automatic LOWER/UPPER: the bounds will be chosen privately inside {lower:g} to {upper:g} when the release runs, with epsilon {cost:g}. This trial run draws nothing: its figures are for that whole range.</source>
        <translation>Automatisches LOWER/UPPER: Die Grenzen werden privat innerhalb von {lower:g} bis {upper:g} gewählt, wenn die Veröffentlichung läuft, mit Epsilon {cost:g}. Dieser Probelauf zieht nichts: Seine Kennzahlen gelten für diesen ganzen Bereich.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="135"/>
        <source>Choose the value bounds privately</source>
        <translation>Wertgrenzen privat wählen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="137"/>
        <source>LOWER and UPPER are then the public range; AUTO_SHARE of EPSILON chooses the bounds used inside it (the private 2nd and 98th percentiles of the values).</source>
        <translation>LOWER und UPPER sind dann der öffentliche Bereich; AUTO_SHARE von EPSILON wählt die darin verwendeten Grenzen (das private 2. und 98. Perzentil der Werte).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/core/mechanisms/auto_bound.py" line="161"/>
        <source>AUTO_VALUE_BOUNDS cannot work with AUTO_SHARE {share:g}: the choices would take the whole EPSILON. Use e.g. AUTO_SHARE=0.05.</source>
        <translation>AUTO_VALUE_BOUNDS kann mit AUTO_SHARE {share:g} nicht funktionieren: Die Auswahlen würden das ganze EPSILON verbrauchen. Verwenden Sie z. B. AUTO_SHARE=0.05.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/core/mechanisms/auto_bound.py" line="180"/>
        <source>Automatic LOWER/UPPER: the private 2nd and 98th percentiles are {lower:g} and {upper:g} (epsilon {cost:g}); values are clamped to them.</source>
        <translation>Automatische LOWER/UPPER: Das private 2. und 98. Perzentil sind {lower:g} und {upper:g} (Epsilon {cost:g}); die Werte werden auf sie begrenzt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="157"/>
        <source>{name} must be a whole number of at least 1 (got {v}): each user keeps at most that many {units}; 0 chooses it automatically.</source>
        <translation>{name} muss eine ganze Zahl von mindestens 1 sein (erhalten: {v}): Jeder Nutzer behält höchstens so viele {units}; 0 wählt den Wert automatisch.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="210"/>
        <source>The shares are of the sum of the zones' noisy counts as released (not clamped at zero, so the total is unbiased); a curve above 1 is noise, drawn at 1.</source>
        <translation>Die Anteile beziehen sich auf die Summe der verrauschten Zählungen der Zonen wie veröffentlicht (nicht bei null abgeschnitten, daher ist die Summe unverzerrt); eine Kurve über 1 ist Rauschen und wird bei 1 gezeichnet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="287"/>
        <source>one user ({field}), at most {m} trips kept per user (sampled uniformly)</source>
        <translation>eine Person ({field}), höchstens {m} Wege je Person behalten (gleichverteilt gezogen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="286"/>
        <source>one trip (item-level)</source>
        <translation>ein Weg (Datensatzebene)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="299"/>
        <source>Total epsilon {e:g} (differential privacy, user level, sequential composition).</source>
        <translation>Gesamt-Epsilon {e:g} (Differential Privacy, Personenebene, sequentielle Komposition).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="300"/>
        <source>Unit of privacy: {unit}.</source>
        <translation>Schutzeinheit: {unit}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="301"/>
        <source>Split: {split}.</source>
        <translation>Aufteilung: {split}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="302"/>
        <source>Protected: whether one user is in the data, with all their trips (up to M). Not protected: the zones, the bounds and the time range (public).</source>
        <translation>Geschützt: ob eine Person in den Daten ist, mit all ihren Wegen (bis zu M). Nicht geschützt: die Zonen, die Grenzen und der Zeitraum (öffentlich).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="304"/>
        <source>M was applied by sampling M trips per user uniformly; how many trips it dropped is not reported (an exact count would be data).</source>
        <translation>M wurde angewandt, indem je Person M Wege gleichverteilt gezogen wurden; wie viele Wege dadurch wegfielen, wird nicht berichtet (eine exakte Anzahl wäre selbst ein Datum).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="349"/>
        <source>Release id: {rid}</source>
        <translation>Veröffentlichungs-ID: {rid}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_checks.py" line="26"/>
        <source>COORDINATES_CRS is only used with coordinate fields; the lines are in the layer's CRS.</source>
        <translation>COORDINATES_CRS wird nur mit Koordinatenfeldern verwendet; die Linien liegen im KBS des Layers vor.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_checks.py" line="32"/>
        <source>Set COORDINATES_CRS to the CRS of the coordinate fields (e.g. EPSG:4326 for longitude/latitude): INPUT has no CRS.</source>
        <translation>Setzen Sie COORDINATES_CRS auf das KBS der Koordinatenfelder (z. B. EPSG:4326 für geographische Länge/Breite): INPUT hat kein KBS.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_checks.py" line="32"/>
        <source>INPUT has no coordinate reference system. Set one in Layer Properties &gt; Source.</source>
        <translation>INPUT hat kein Koordinatenbezugssystem. Legen Sie eines unter Layereigenschaften &gt; Quelle fest.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_checks.py" line="46"/>
        <source>No trip has valid longitude/latitude coordinates (e.g. {x:g}, {y:g}), but their CRS is geographic: set COORDINATES_CRS (or the layer's CRS) to the CRS the coordinates are really in, e.g. a projected CRS in metres.</source>
        <translation>Keine Fahrt hat gültige Koordinaten in geographischer Länge/Breite (z. B. {x:g}, {y:g}), ihr KBS ist aber geographisch: Setzen Sie COORDINATES_CRS (oder das KBS des Layers) auf das KBS, in dem die Koordinaten tatsächlich vorliegen, z. B. ein projiziertes KBS in Metern.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_checks.py" line="50"/>
        <source>Skipped {n} trips whose coordinates are not valid longitude/latitude in a geographic CRS: is COORDINATES_CRS right?</source>
        <translation>{n} Fahrten wurden übersprungen, deren Koordinaten in einem geographischen KBS keine gültige Länge/Breite sind: Ist COORDINATES_CRS richtig?</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_checks.py" line="65"/>
        <source>MIN_FLOW=0 publishes every one of the {cells:,} zone pairs; that is only possible up to {limit:,} pairs. Set MIN_FLOW to 1 or more, or use fewer zones.</source>
        <translation>MIN_FLOW=0 veröffentlicht jedes der {cells:,} Zonenpaare; das ist nur bis {limit:,} Paare möglich. Setzen Sie MIN_FLOW auf 1 oder mehr oder verwenden Sie weniger Zonen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_checks.py" line="73"/>
        <source>With {cells:,} zone pairs, this noise (scale {b:g}) and MIN_FLOW={m:g}, about {n:,.0f} flows of pure noise would be published (limit {limit:,}). Raise MIN_FLOW to {needed:g} or more, raise EPSILON, or use fewer zones.</source>
        <translation>Bei {cells:,} Zonenpaaren, diesem Rauschen (Skala {b:g}) und MIN_FLOW={m:g} würden etwa {n:,.0f} Ströme aus reinem Rauschen veröffentlicht (Grenze {limit:,}). Erhöhen Sie MIN_FLOW auf {needed:g} oder mehr, erhöhen Sie EPSILON oder verwenden Sie weniger Zonen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="22"/>
        <source>{name} must be a finite number (not NaN or infinite; got {v}). Declare it from public knowledge, e.g. LOWER=0 and UPPER=65 for a speed in km/h.</source>
        <translation>{name} muss eine endliche Zahl sein (nicht NaN oder unendlich; erhalten: {v}). Legen Sie den Wert aus öffentlichem Wissen fest, z. B. LOWER=0 und UPPER=65 für eine Geschwindigkeit in km/h.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="32"/>
        <source>STATISTIC {s} needs public bounds LOWER and UPPER (e.g. 0 and 65 for a speed in km/h): declare them from what is known without the data, never from the data.</source>
        <translation>STATISTIC {s} braucht öffentliche Grenzen LOWER und UPPER (z. B. 0 und 65 für eine Geschwindigkeit in km/h): Legen Sie sie nach dem fest, was ohne die Daten bekannt ist, nie anhand der Daten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="36"/>
        <source>LOWER ({lower:g}) must be less than UPPER ({upper:g}): swap them or widen the range.</source>
        <translation>LOWER ({lower:g}) muss kleiner als UPPER ({upper:g}) sein: Vertauschen Sie die beiden oder erweitern Sie den Bereich.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="41"/>
        <source>MAX_CONTRIBUTIONS=0 (automatic) is for UNIT=1 (user): give M a whole number of at least 1.</source>
        <translation>MAX_CONTRIBUTIONS=0 (automatisch) ist für UNIT=1 (Nutzer) gedacht: Geben Sie für M eine ganze Zahl von mindestens 1 an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="47"/>
        <source>AUTO_VALUE_BOUNDS is for UNIT=0 (record) or 1 (user); with user-days declare LOWER and UPPER.</source>
        <translation>AUTO_VALUE_BOUNDS ist für UNIT=0 (Datensatz) oder 1 (Nutzer) gedacht; bei Nutzertagen deklarieren Sie LOWER und UPPER.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="56"/>
        <source>{name} must be a whole number of at least {least} (got {v}).</source>
        <translation>{name} muss eine ganze Zahl von mindestens {least} sein (erhalten: {v}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="61"/>
        <source>The count above LIMIT per day needs LIMIT (e.g. a speed limit) and DAYS, the public number of days in the period (the ITMS report: 31).</source>
        <translation>Die Anzahl über LIMIT je Tag braucht LIMIT (z. B. eine Geschwindigkeitsgrenze) und DAYS, die öffentliche Anzahl der Tage im Zeitraum (ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0): 31).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="64"/>
        <source>LIMIT ({limit:g}) must be within [LOWER, UPPER) = [{lower:g}, {upper:g}): clamped values never exceed UPPER.</source>
        <translation>LIMIT ({limit:g}) muss in [LOWER, UPPER) = [{lower:g}, {upper:g}) liegen: Begrenzte Werte überschreiten UPPER nie.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="69"/>
        <source>{name} must be between 0 and 1, exclusive (got {v}).</source>
        <translation>{name} muss zwischen 0 und 1 liegen, ausschließlich (erhalten: {v}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="73"/>
        <source>MIN_SUPPORT must be a number &gt;= 0 (got {v}); 0 publishes every cell.</source>
        <translation>MIN_SUPPORT muss eine Zahl &gt;= 0 sein (erhalten: {v}); 0 veröffentlicht jede Zelle.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="77"/>
        <source>UNIT {u} needs USER_FIELD, the field identifying each user (e.g. a vehicle id).</source>
        <translation>UNIT {u} braucht USER_FIELD, das Feld, das jeden Nutzer kennzeichnet (z. B. eine Fahrzeug-ID).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="80"/>
        <source>USER_FIELD is set but UNIT is one record: set UNIT=1 (user) or UNIT=2 (user-day) to protect users, or clear USER_FIELD.</source>
        <translation>USER_FIELD ist gesetzt, aber UNIT ist ein Datensatz: Setzen Sie UNIT=1 (Nutzer) oder UNIT=2 (Nutzertag), um Nutzer zu schützen, oder leeren Sie USER_FIELD.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="84"/>
        <source>PER_UNIT_MEAN averages each user-day's values per cell: it needs UNIT=2 (user-day) and a statistic other than the count above LIMIT. Clear PER_UNIT_MEAN or set UNIT=2.</source>
        <translation>PER_UNIT_MEAN mittelt die Werte jedes Nutzertags je Zelle: Es braucht UNIT=2 (Nutzertag) und eine andere Statistik als die Anzahl über LIMIT. Leeren Sie PER_UNIT_MEAN oder setzen Sie UNIT=2.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="90"/>
        <source>UNIT user-day needs the day of every record: set DAY_FIELD (or a TIME_FIELD with dates).</source>
        <translation>UNIT Nutzertag braucht den Tag jedes Datensatzes: Setzen Sie DAY_FIELD (oder ein TIME_FIELD mit Datumsangaben).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="98"/>
        <source>DELTA must be in [0, 1) (got {v}); use e.g. 1e-6 with NOISE=2, else 0.</source>
        <translation>DELTA muss in [0, 1) liegen (erhalten: {v}); verwenden Sie z. B. 1e-6 mit NOISE=2, sonst 0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="101"/>
        <source>NOISE=1 (discrete Laplace) is not offered for zone statistics: use NOISE=0 (Laplace) or, for the count and the sum, NOISE=2 (discrete Gaussian).</source>
        <translation>NOISE=1 (diskretes Laplace) gibt es für Zonenstatistiken nicht: Verwenden Sie NOISE=0 (Laplace) oder, für Anzahl und Summe, NOISE=2 (diskrete Gauß-Verteilung).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="106"/>
        <source>NOISE=2 (discrete Gaussian) is offered for STATISTIC count and sum only (got {s}): use NOISE=0 for the others.</source>
        <translation>NOISE=2 (diskrete Gauß-Verteilung) gibt es nur für STATISTIC Anzahl und Summe (erhalten: {s}): Verwenden Sie für die anderen NOISE=0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="112"/>
        <source>NOISE=2 (discrete Gaussian) publishes every cell of the sum: set MIN_SUPPORT=0 (a support count would be a second, Laplace release), or use NOISE=0.</source>
        <translation>NOISE=2 (diskrete Gauß-Verteilung) veröffentlicht jede Zelle der Summe: Setzen Sie MIN_SUPPORT=0 (eine Stützzählung wäre eine zweite Veröffentlichung mit Laplace-Rauschen) oder verwenden Sie NOISE=0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="120"/>
        <source>&lt;p&gt;&lt;b&gt;NOISE=2&lt;/b&gt; (count and sum only): the discrete Gaussian (Canonne, Kamath and Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithm 3) on every cell, calibrated to the L2 sensitivity over all cells; it needs DELTA &gt; 0 and, for the sum, MIN_SUPPORT=0. Values are rounded to a public grain (the largest power of two at most max(|LOWER|, |UPPER|) / 1024) so the noise is exact integer noise. With UNIT=1 each user keeps at most one point per cell and M cells (sampled), so the L2 sensitivity of the sum is sqrt(M) max(|LOWER|, |UPPER|) and of the count sqrt(M), against M times that in L1 for Laplace (the count becomes users per cell); with UNIT=2 it is sqrt(K) M max(|LOWER|, |UPPER|) over all cells, against epsilon / K per cell for Laplace. The release is rho-zero-concentrated DP (Bun and Steinke 2016), rho chosen so that Canonne, Kamath and Steinke 2020 Corollary 13 gives (EPSILON, DELTA); the record carries rho, EPSILON and DELTA, and SENSITIVITY is the L2 one. At EPSILON={e:g} and DELTA={d:g} the Gaussian gives the smaller error from M (or K) = {m} up; for small M, Laplace is better. NOISE=1 (discrete Laplace) is not offered here.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;NOISE=2&lt;/b&gt; (nur Anzahl und Summe): die diskrete Gauß-Verteilung (Canonne, Kamath und Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithm 3) auf jeder Zelle, kalibriert auf die L2-Sensitivität über alle Zellen; sie erfordert DELTA &gt; 0 und, für die Summe, MIN_SUPPORT=0. Die Werte werden auf ein öffentliches Raster gerundet (die größte Zweierpotenz höchstens max(|LOWER|, |UPPER|) / 1024), damit das Rauschen exakt ganzzahlig ist. Mit UNIT=1 behält jeder Nutzer höchstens einen Punkt je Zelle und M Zellen (zufällig ausgewählt), daher ist die L2-Sensitivität der Summe sqrt(M) max(|LOWER|, |UPPER|) und die der Anzahl sqrt(M), gegenüber dem M-Fachen in L1 bei Laplace (die Anzahl zählt dann Nutzer je Zelle); mit UNIT=2 ist sie sqrt(K) M max(|LOWER|, |UPPER|) über alle Zellen, gegenüber Epsilon / K je Zelle bei Laplace. Die Veröffentlichung ist rho-nullkonzentriert differenziell privat (Bun und Steinke 2016), wobei rho so gewählt ist, dass Canonne, Kamath und Steinke 2020 Corollary 13 (EPSILON, DELTA) ergibt; die Privatsphäre-Angaben enthalten rho, EPSILON und DELTA, und SENSITIVITY ist die L2-Sensitivität. Bei EPSILON={e:g} und DELTA={d:g} ergibt die Gauß-Verteilung ab M (bzw. K) = {m} den kleineren Fehler; für kleine M ist Laplace besser. NOISE=1 (diskretes Laplace) gibt es hier nicht.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_gaussian.py" line="19"/>
        <source>NOISE=1 (discrete Laplace) is not offered by the mobility report: use NOISE=0 (Laplace) or NOISE=2 (discrete Gaussian for visits per zone).</source>
        <translation>NOISE=1 (diskretes Laplace) gibt es für den Mobilitätsbericht nicht: Verwenden Sie NOISE=0 (Laplace) oder NOISE=2 (diskrete Gauß-Verteilung für Besuche pro Zone).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_gaussian.py" line="64"/>
        <source>Noise: every analysis Laplace counts or exponential-mechanism summaries (pure epsilon-DP); composed in zCDP: rho = {rho:.4g}, i.e. (epsilon {e:.4g}, delta {d:g})-DP (Canonne, Kamath and Steinke 2020 Corollary 13).</source>
        <translation>Rauschen: jede Analyse mit Laplace-Zählwerten oder Fünf-Zahlen-Zusammenfassungen des Exponentialmechanismus (reine epsilon-DP); in zCDP zusammengesetzt: rho = {rho:.4g}, also (epsilon {e:.4g}, delta {d:g})-DP (Canonne, Kamath und Steinke 2020, Corollary 13).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_gaussian.py" line="68"/>
        <source>Noise: visits per zone with the discrete Gaussian (Canonne, Kamath and Steinke 2020; one visit per user and zone, L2 sensitivity sqrt(2M) = {s:.4g}, sigma {sigma:.4g}, rho {rv:.4g}); every other analysis Laplace counts or exponential-mechanism summaries (pure epsilon-DP, rho = epsilon^2/2). The report is rho = {rho:.4g}-zCDP (Bun and Steinke 2016), i.e. (epsilon {e:.4g}, delta {d:g})-DP (Canonne, Kamath and Steinke 2020 Corollary 13).</source>
        <translation>Rauschen: Besuche pro Zone mit der diskreten Gauß-Verteilung (Canonne, Kamath und Steinke 2020; ein Besuch pro Nutzer und Zone, L2-Sensitivität sqrt(2M) = {s:.4g}, sigma {sigma:.4g}, rho {rv:.4g}); jede andere Analyse mit Laplace-Zählwerten oder Fünf-Zahlen-Zusammenfassungen des Exponentialmechanismus (reine epsilon-DP, rho = epsilon^2/2). Der Bericht ist rho = {rho:.4g}-zCDP (Bun und Steinke 2016), also (epsilon {e:.4g}, delta {d:g})-DP (Canonne, Kamath und Steinke 2020, Corollary 13).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_od_totals.py" line="39"/>
        <source>Epsilon split: flows and totals (OD totals)</source>
        <translation>Epsilon-Aufteilung: Ströme und Summen (OD-Summen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_od_totals.py" line="41"/>
        <source>Four weights, flows, origin totals, destination totals, grand total, as noisyodflows' TOTALS_SPLIT; empty: 5,2,2,1.</source>
        <translation>Vier Gewichte, Ströme, Quellsummen, Zielsummen, Gesamtsumme, wie TOTALS_SPLIT von noisyodflows; leer: 5,2,2,1.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_od_totals.py" line="48"/>
        <source>&lt;p&gt;&lt;b&gt;OD flows with consistent totals&lt;/b&gt; (dp_geoprivacy:noisyodflows with OUTPUT_TOTALS; ZONES, M, INCLUDE_INTRAZONAL and TOTALS_SPLIT as you will give them): the expected absolute error and 95% margin of a published flow, origin total, destination total and the grand total after the least squares, from simulating the noise alone, and for comparison the expected absolute error of an origin total summed from flows released alone with the whole EPSILON. EXPECTED_ABS_ERROR and MARGIN_OF_ERROR are an origin total's.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;OD-Ströme mit konsistenten Summen&lt;/b&gt; (dp_geoprivacy:noisyodflows mit OUTPUT_TOTALS; ZONES, M, INCLUDE_INTRAZONAL und TOTALS_SPLIT so, wie Sie sie angeben werden): der erwartete absolute Fehler und die 95-%-Fehlermarge eines veröffentlichten Stroms, einer Quellsumme, einer Zielsumme und der Gesamtsumme nach der Methode der kleinsten Quadrate, aus einer Simulation allein des Rauschens, und zum Vergleich der erwartete absolute Fehler einer Quellsumme, die aus allein mit dem ganzen EPSILON veröffentlichten Strömen summiert wird. EXPECTED_ABS_ERROR und MARGIN_OF_ERROR gelten für eine Quellsumme.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_od_totals.py" line="74"/>
        <source>ZONES: OD totals need at least 2 zones.</source>
        <translation>ZONES: OD-Summen brauchen mindestens 2 Zonen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_od_totals.py" line="95"/>
        <source>At EPSILON {e:g}, split {split} (flows, origin totals, destination totals, grand total): expected absolute error of a flow {f:.3g}, an origin total {o:.3g} (summing flows released alone: {alone:.3g}), a destination total {d:.3g}, the grand total {g:.3g}; 95% margins {mf:.3g}, {mo:.3g}, {md:.3g}, {mg:.3g}.</source>
        <translation>Bei EPSILON {e:g}, Aufteilung {split} (Ströme, Quellsummen, Zielsummen, Gesamtsumme): erwarteter absoluter Fehler eines Stroms {f:.3g}, einer Quellsumme {o:.3g} (Summe allein veröffentlichter Ströme: {alone:.3g}), einer Zielsumme {d:.3g}, der Gesamtsumme {g:.3g}; 95-%-Fehlermargen {mf:.3g}, {mo:.3g}, {md:.3g}, {mg:.3g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/level_layers.py" line="58"/>
        <source>File format of the level layers</source>
        <translation>Dateiformat der Ebenen-Layer</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/level_layers.py" line="60"/>
        <source>The vector format of the files in OUTPUT_LEVELS; formats without metadata get the record in a .qmd file beside each.</source>
        <translation>Das Vektorformat der Dateien in OUTPUT_LEVELS; Formate ohne Metadaten erhalten die Angaben in einer .qmd-Datei neben jeder Datei.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/level_layers.py" line="64"/>
        <source>One layer per level (folder)</source>
        <translation>Ein Layer je Ebene (Ordner)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/level_layers.py" line="66"/>
        <source>A folder that gets one file per level, coarse to fine (level_0_..., level_1_...), each with its own privacy record. Leave it out to write only the layer of all levels.</source>
        <translation>Ein Ordner, der eine Datei je Ebene erhält, grob nach fein (level_0_..., level_1_...), jede mit ihren eigenen Privatsphäre-Angaben. Leer lassen, um nur den Layer mit allen Ebenen zu schreiben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/level_layers.py" line="69"/>
        <source>Level layers</source>
        <translation>Ebenen-Layer</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/level_layers.py" line="74"/>
        <source>&lt;p&gt;&lt;b&gt;One layer per level&lt;/b&gt; (OUTPUT_LEVELS, a folder; made by default in the dialog). Each level is also written as its own file, level_0_&amp;lt;name&amp;gt; (coarsest) to the finest, in LEVELS_FORMAT (GeoPackage by default), loaded styled with the other outputs and listed by the LEVEL_LAYERS result (which a model can pass on to an algorithm taking several layers). Each file carries its own privacy record: that level's share of EPSILON and its noise scale, the least squares and rounding, and the release's EPSILON and release id. The record's epsilon is the release's, not the level's share: after the least squares each level's counts depend on every level's noisy counts, so one level alone costs what the release costs. The levels are one release with one ledger entry; a privacy report counts them once.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Ein Layer je Ebene&lt;/b&gt; (OUTPUT_LEVELS, ein Ordner; im Dialog standardmäßig angelegt). Jede Ebene wird zusätzlich als eigene Datei geschrieben, level_0_&amp;lt;Name&amp;gt; (die gröbste) bis zur feinsten, in LEVELS_FORMAT (standardmäßig GeoPackage), mit den anderen Ausgaben gestaltet geladen und im Ergebnis LEVEL_LAYERS aufgeführt (das ein Modell an einen Algorithmus weitergeben kann, der mehrere Layer nimmt). Jede Datei trägt ihre eigenen Privatsphäre-Angaben: den Anteil dieser Ebene an EPSILON und ihre Rauschskala, die kleinsten Quadrate und das Runden sowie EPSILON und Veröffentlichungs-ID der Veröffentlichung. Das Epsilon der Angaben ist das der Veröffentlichung, nicht der Anteil der Ebene: Nach den kleinsten Quadraten hängen die Zählungen jeder Ebene von den verrauschten Zählungen aller Ebenen ab, also kostet eine Ebene allein so viel wie die ganze Veröffentlichung. Die Ebenen sind eine Veröffentlichung mit einem Eintrag im Privatsphäre-Journal; ein Privatsphäre-Bericht zählt sie einmal.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/level_layers.py" line="140"/>
        <source>{title}, {level}</source>
        <translation>{title}, {level}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/level_layers.py" line="108"/>
        <source>LEVELS_FORMAT: this QGIS cannot write .{extension} files; choose gpkg (0).</source>
        <translation>LEVELS_FORMAT: Dieses QGIS kann keine .{extension}-Dateien schreiben; wählen Sie gpkg (0).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/accuracy_notes.py" line="54"/>
        <source>User-level counts: one user may add up to M = {m} points{cells}, so the noise scale is {m}{times} / epsilon {e:.4g} = {b:.4g} per cell and the 95% margin of error is {moe:.4g} (expected absolute error {mae:.4g}).</source>
        <translation>Zählungen auf Nutzerebene: Ein Nutzer kann bis zu M = {m} Punkte{cells} beitragen, daher ist die Rauschskala {m}{times} / Epsilon {e:.4g} = {b:.4g} je Zelle und die 95-%-Fehlermarge {moe:.4g} (erwarteter absoluter Fehler {mae:.4g}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/accuracy_notes.py" line="61"/>
        <source>With M = {m} the 95% margin of error is {moe:.4g}: zones whose count is below about {moe:.0f} will be dominated by noise. A smaller MAX_CONTRIBUTIONS (most users' number of points), a larger EPSILON or coarser zones reduce it; dp_geoprivacy:accuracyplanner tabulates the margin per epsilon and M.</source>
        <translation>Mit M = {m} beträgt die 95-%-Fehlermarge {moe:.4g}: In Zonen, deren Zählwert unter etwa {moe:.0f} liegt, überwiegt das Rauschen. Ein kleineres MAX_CONTRIBUTIONS (die Punktzahl der meisten Nutzer), ein größeres EPSILON oder gröbere Zonen verringern sie; dp_geoprivacy:accuracyplanner tabelliert die Marge je Epsilon und M.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="97"/>
        <source>Sensitivity (L1; L2 with NOISE=2)</source>
        <translation>Sensitivität (L1; L2 mit NOISE=2)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="97"/>
        <source>Noise scale (Laplace b; sigma with NOISE=2)</source>
        <translation>Rauschskala (Laplace b; Sigma mit NOISE=2)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="29"/>
        <source>AUTO_VALUE_BOUNDS chooses the bounds inside a public range: give LOWER and UPPER as that range (e.g. 0 and 200 for a speed in km/h), declared from what is known without the data.</source>
        <translation>AUTO_VALUE_BOUNDS wählt die Grenzen innerhalb eines öffentlichen Bereichs: Geben Sie LOWER und UPPER als diesen Bereich an (z. B. 0 und 200 für eine Geschwindigkeit in km/h), festgelegt aus dem, was ohne die Daten bekannt ist.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="339"/>
        <source>{name} must be a finite number of at least 0 (BUDGET_DELTA below 1), or empty for no budget.</source>
        <translation>{name} muss eine endliche Zahl von mindestens 0 sein (BUDGET_DELTA unter 1), oder leer für kein Budget.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="113"/>
        <source>&lt;p&gt;&lt;b&gt;NOISE=2&lt;/b&gt;: the discrete Gaussian (Canonne, Kamath and Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithm 3), integer noise calibrated to the L2 sensitivity; it needs DELTA &gt; 0 (with THRESHOLD=1 it is Gaussian thresholding, below). Each user is counted at most once in each of the {cells} and in at most M of them (sampled), so the counts are users, not {units}, and the L2 sensitivity is sqrt(M) instead of M. The release is rho-zero-concentrated DP (Bun and Steinke 2016) with rho chosen so that the conversion of Canonne, Kamath and Steinke 2020 (Corollary 13) gives (EPSILON, DELTA); the record carries rho, EPSILON and DELTA. The noise's standard deviation is sqrt(M / (2 rho)) against sqrt(2) M / EPSILON for Laplace: at EPSILON={e:g} and DELTA={d:g} (rho={rho:.3g}) the Gaussian gives the smaller error from M = {m} up, and at M = 32 an error {r:.2g} times smaller. For small M, Laplace is the better choice.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;NOISE=2&lt;/b&gt;: die diskrete Gauß-Verteilung (Canonne, Kamath und Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithm 3), ganzzahliges Rauschen, kalibriert auf die L2-Sensitivität; sie erfordert DELTA &gt; 0 (mit THRESHOLD=1 ist es Gauß-Schwellenwertbildung, unten). Jeder Nutzer wird in jeder der {cells} höchstens einmal und in höchstens M davon gezählt (zufällig ausgewählt), daher zählen die Werte Nutzer, nicht {units}, und die L2-Sensitivität ist sqrt(M) statt M. Die Veröffentlichung ist rho-nullkonzentriert differenziell privat (rho-zCDP, Bun und Steinke 2016), wobei rho so gewählt ist, dass die Umrechnung von Canonne, Kamath und Steinke 2020 (Corollary 13) (EPSILON, DELTA) ergibt; die Privatsphäre-Angaben enthalten rho, EPSILON und DELTA. Die Standardabweichung des Rauschens ist sqrt(M / (2 rho)) gegenüber sqrt(2) M / EPSILON bei Laplace: Bei EPSILON={e:g} und DELTA={d:g} (rho={rho:.3g}) ergibt die Gauß-Verteilung ab M = {m} den kleineren Fehler, bei M = 32 einen {r:.2g}-mal kleineren. Für kleine M ist Laplace die bessere Wahl.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="133"/>
        <source>&lt;p&gt;&lt;b&gt;THRESHOLD=1 with NOISE=2&lt;/b&gt; (Gaussian thresholding; Wilson et al. 2020, 'Differentially Private SQL with Bounded User Contribution', §3, as Google's and PipelineDP's Gaussian partition selection): only the {cells} with data get discrete Gaussian noise, and a cell is published when its noisy count reaches the threshold tau; no cell without data is ever published. Half of DELTA pays for the Gaussian (sigma from EPSILON and DELTA / 2 through zero-concentrated DP), the other half bounds the chance that one of the up to M cells only an added user creates reaches tau (tau is the least integer with 1 - (1 - P[1 + noise &gt;= tau])^M &lt;= DELTA / 2, from the exact discrete-Gaussian tail). The release is (EPSILON, DELTA)-DP but not zero-concentrated DP: the record carries no rho and the ledger adds its epsilon and delta on top of the zCDP part. Against the stability histogram (Laplace, THRESHOLD=1 with NOISE=0) at EPSILON={e:g}, DELTA={d:g}: at M = 1 tau is {g1:.0f} against {l1:.0f} and the noise's standard deviation {gs1:.3g} against {ls1:.3g}; at M = 32 tau is {g32:.0f} against {l32:.0f} and the standard deviation {gs32:.3g} against {ls32:.3g}. So it publishes smaller counts from M = 1 and is also more accurate from a few cells per user on.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;THRESHOLD=1 mit NOISE=2&lt;/b&gt; (Gauß-Schwellenwertbildung; Wilson et al. 2020, 'Differentially Private SQL with Bounded User Contribution', §3, wie die Gaußsche Partitionsauswahl von Google und PipelineDP): Nur die {cells} mit Daten erhalten diskretes Gauß-Rauschen, und eine Zelle wird veröffentlicht, wenn ihr verrauschter Zählwert den Schwellenwert tau erreicht; eine Zelle ohne Daten wird nie veröffentlicht. Die Hälfte von DELTA bezahlt das Gauß-Rauschen (sigma aus EPSILON und DELTA / 2 über nullkonzentrierte DP), die andere Hälfte begrenzt die Wahrscheinlichkeit, dass eine der bis zu M Zellen, die nur ein hinzugefügter Nutzer bildet, tau erreicht (tau ist die kleinste ganze Zahl mit 1 - (1 - P[1 + Rauschen &gt;= tau])^M &lt;= DELTA / 2, aus dem exakten Rand der diskreten Gauß-Verteilung). Die Veröffentlichung ist (EPSILON, DELTA)-DP, aber nicht nullkonzentriert differenziell privat: Die Privatsphäre-Angaben enthalten kein rho, und das Journal addiert ihr Epsilon und Delta zum zCDP-Teil. Gegenüber dem Stabilitäts-Histogramm (Laplace, THRESHOLD=1 mit NOISE=0) bei EPSILON={e:g}, DELTA={d:g}: bei M = 1 ist tau {g1:.0f} gegenüber {l1:.0f} und die Standardabweichung des Rauschens {gs1:.3g} gegenüber {ls1:.3g}; bei M = 32 ist tau {g32:.0f} gegenüber {l32:.0f} und die Standardabweichung {gs32:.3g} gegenüber {ls32:.3g}. Sie veröffentlicht also ab M = 1 kleinere Zählwerte und ist ab wenigen Zellen je Nutzer auch genauer.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_gaussian.py" line="50"/>
        <source>Noise: {visits}OD flows by Gaussian thresholding (Wilson et al. 2020 §3: discrete Gaussian noise, sigma {sigma:.4g}, on the zone pairs with users only, one per user and pair, L2 sensitivity sqrt(M) = {s:.4g}, published at or above {tau:g}; (epsilon {eo:.4g}, delta {do:g})-DP, not zero-concentrated DP); every other analysis Laplace counts or exponential-mechanism summaries (pure epsilon-DP, rho = epsilon^2/2). The other analyses are rho = {rho:.4g}-zCDP (Bun and Steinke 2016), converted at delta {dg:g} (Canonne, Kamath and Steinke 2020 Corollary 13), and the OD flows are added on top by basic composition: the report is (epsilon {e:.4g}, delta {d:g})-DP.</source>
        <translation>Rauschen: {visits}Quelle-Ziel-Ströme mit Gauß-Schwellenwertbildung (Wilson et al. 2020 §3: diskretes Gauß-Rauschen, sigma {sigma:.4g}, nur auf den Zonenpaaren mit Nutzern, einer je Nutzer und Paar, L2-Sensitivität sqrt(M) = {s:.4g}, veröffentlicht ab {tau:g}; (epsilon {eo:.4g}, delta {do:g})-DP, nicht nullkonzentriert differenziell privat); jede andere Analyse mit Laplace-Zählwerten oder Fünf-Zahlen-Zusammenfassungen des Exponentialmechanismus (reine epsilon-DP, rho = epsilon^2/2). Die anderen Analysen sind rho = {rho:.4g}-zCDP (Bun und Steinke 2016), umgerechnet bei delta {dg:g} (Canonne, Kamath und Steinke 2020, Corollary 13), und die Quelle-Ziel-Ströme werden durch einfache Komposition addiert: Der Bericht ist (epsilon {e:.4g}, delta {d:g})-DP.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_gaussian.py" line="57"/>
        <source>visits per zone with the discrete Gaussian (sigma {sigma:.4g}, rho {rv:.4g}); </source>
        <translation>Besuche pro Zone mit der diskreten Gauß-Verteilung (sigma {sigma:.4g}, rho {rv:.4g}); </translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="113"/>
        <source>Gaussian thresholding; counts are users per pair</source>
        <translation>Gauß-Schwellenwertbildung; die Werte zählen Nutzer je Paar</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="113"/>
        <source>stability-based histogram</source>
        <translation>Stabilitätshistogramm</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="125"/>
        <source>{n} largest published flows. Only pairs with trips can be published, and only when their noisy count reaches about {t} ({how}): every flow shown is a true pair, smaller flows are not shown. 95% margin of error per flow ±{m}; trips with an end outside the zones: {o}.</source>
        <translation>Die {n} stärksten veröffentlichten Ströme. Nur Paare mit Wegen können veröffentlicht werden, und nur, wenn ihre verrauschte Anzahl etwa {t} erreicht ({how}): Jeder gezeigte Strom ist ein echtes Paar, kleinere Ströme werden nicht gezeigt. 95-%-Fehlerspanne je Strom ±{m}; Wege mit einem Ende außerhalb der Zonen: {o}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/core/mechanisms/auto_bound.py" line="108"/>
        <source>Automatic M: permute-and-flip chose M = {m} (from 1 to {largest}) with epsilon {cost:g} of the {total:g} of this run; the release uses the other {rest:g}.</source>
        <translation>Automatisches M: Permute-and-Flip hat M = {m} gewählt (aus 1 bis {largest}), mit Epsilon {cost:g} von den {total:g} dieses Laufs; die Veröffentlichung verwendet die übrigen {rest:g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="32"/>
        <source>0 = automatic: chosen privately from the {units} per user with AUTO_SHARE of EPSILON (permute-and-flip over 1..AUTO_MAX_BOUND).</source>
        <translation>0 = automatisch: privat gewählt aus der Anzahl der {units} je Nutzer mit AUTO_SHARE von EPSILON (Permute-and-Flip über 1..AUTO_MAX_BOUND).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/zone_statistics_checks.py" line="50"/>
        <source>The count above LIMIT needs no value bounds (clamping never moves a value across LIMIT): clear AUTO_VALUE_BOUNDS.</source>
        <translation>Die Anzahl über LIMIT braucht keine Wertegrenzen (das Begrenzen verschiebt keinen Wert über LIMIT hinweg): Deaktivieren Sie AUTO_VALUE_BOUNDS.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="49"/>
        <source>Delta of the OD flows (mobility report)</source>
        <translation>Delta der Quelle-Ziel-Ströme (Mobilitätsbericht)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="52"/>
        <source>The report's OD_DELTA (its default 1e-6); empty: DELTA. With NOISE=2 DELTA is the Gaussian's delta of the visits per zone, as in the report.</source>
        <translation>OD_DELTA des Berichts (sein Standard 1e-6); leer: DELTA. Mit NOISE=2 ist DELTA das Delta des Gauß-Rauschens der Besuche je Zone, wie im Bericht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="79"/>
        <source>Mobility report settings: {error} (OD_DELTA, or DELTA when it is empty, is the OD flows' delta).</source>
        <translation>Einstellungen des Mobilitätsberichts: {error} (OD_DELTA, oder DELTA, wenn es leer ist, ist das Delta der Quelle-Ziel-Ströme).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="142"/>
        <source>Side by side at EPSILON {e:g}: the report with NOISE=0 (Laplace) against NOISE=2 (the discrete Gaussian at DELTA {d:g}), the same split; every other section is the same in both.</source>
        <translation>Nebeneinander bei EPSILON {e:g}: der Bericht mit NOISE=0 (Laplace) gegen NOISE=2 (diskretes Gauß-Rauschen bei DELTA {d:g}), mit derselben Aufteilung; jeder andere Abschnitt ist in beiden gleich.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="165"/>
        <source>NOISE=2: the analyses are (epsilon {e:.4g}, delta {d:g})-DP: every analysis but the OD flows is rho = {rho:.4g}-zCDP, converted at DELTA (Canonne, Kamath and Steinke 2020 Corollary 13); the OD flows' Gaussian thresholding, when chosen, is added on top; at most their epsilon {total:.4g}.</source>
        <translation>NOISE=2: Die Analysen sind (Epsilon {e:.4g}, Delta {d:g})-DP: Jede Analyse außer den Quelle-Ziel-Strömen ist rho = {rho:.4g}-zCDP, umgerechnet bei DELTA (Canonne, Kamath und Steinke 2020 Corollary 13); die Gauß-Schwellenwertbildung der Quelle-Ziel-Ströme kommt, wenn gewählt, hinzu; höchstens ihr Epsilon {total:.4g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="170"/>
        <source>The automatic M's choice adds its epsilon to that.</source>
        <translation>Die Wahl des automatischen M fügt ihr Epsilon hinzu.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/report_accuracy.py" line="62"/>
        <source>Automatic M is not drawn in a trial run: each section is planned at M = {m}, the largest candidate (AUTO_MAX_BOUND, the most noise the choice can give), with the epsilon {rest:.4g} the choice leaves of {e:g}, as the accuracy planner plans it.</source>
        <translation>Automatisches M wird in einem Probelauf nicht gezogen: Jeder Abschnitt wird bei M = {m} geplant, dem größten Kandidaten (AUTO_MAX_BOUND, das meiste Rauschen, das die Wahl ergeben kann), mit dem Epsilon {rest:.4g}, das die Wahl von {e:g} übrig lässt, so wie der Genauigkeitsplaner es plant.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="54"/>
        <source>Share of zones holding data (automatic M)</source>
        <translation>Anteil der Zonen mit Daten (automatisches M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="57"/>
        <source>Used when M is 0 (automatic): a public declaration about the tessellation, the share of its cells you expect to hold data (for OD flows: of origin-destination pairs). State it from public facts, never from the data: a grid over a city's extent has mostly empty cells (e.g. 0.15 for a 1 km grid over a subway network, where only cells with a station can hold visits); in a layer of census blocks nearly all hold people (1). The choice weighs the noise of a cell taken to hold data fully and of an empty one by half (negative counts are clamped to 0). It costs no epsilon; a wrong value makes the chosen M less accurate, never less private. Empty: the release's default (1 for zone counts, zone statistics and the mobility report's visits; 0 for OD flows).</source>
        <translation>Gilt, wenn M 0 ist (automatisch): eine öffentliche Angabe zur Zerlegung, der Anteil ihrer Zellen, die nach Ihrer Erwartung Daten enthalten (bei OD-Strömen: der Start-Ziel-Paare). Geben Sie ihn aus öffentlichen Tatsachen an, nie aus den Daten: ein Raster über die Ausdehnung einer Stadt hat meist leere Zellen (z. B. 0.15 für ein 1-km-Raster über ein U-Bahn-Netz, in dem nur Zellen mit einer Station Besuche enthalten können); in einem Layer von Baublöcken enthalten fast alle Menschen (1). Die Wahl gewichtet das Rauschen einer Zelle, die als mit Daten angenommen wird, voll und das einer leeren zur Hälfte (negative Zählwerte werden auf 0 gesetzt). Er kostet kein Epsilon; ein falscher Wert macht das gewählte M ungenauer, nie weniger privat. Leer: der Standard der Veröffentlichung (1 für Zonenzählungen, Zonenstatistiken und die Besuche des Mobilitätsberichts; 0 für OD-Ströme).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/auto_bound.py" line="91"/>
        <source>AUTO_OCCUPANCY must be between 0 and 1, the share of zones you expect to hold data, e.g. 0.15 for a grid over a city's extent; or leave it empty (got {v}).</source>
        <translation>AUTO_OCCUPANCY muss zwischen 0 und 1 liegen, der Anteil der Zonen, die nach Ihrer Erwartung Daten enthalten, z. B. 0.15 für ein Raster über die Ausdehnung einer Stadt; oder lassen Sie es leer (erhalten: {v}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/core/mechanisms/auto_bound.py" line="119"/>
        <source>The choice weighed the noise on the declared AUTO_OCCUPANCY {share:g} (the share of zones expected to hold data; public, not read from the data).</source>
        <translation>Die Wahl gewichtete das Rauschen mit dem angegebenen AUTO_OCCUPANCY {share:g} (dem Anteil der Zonen, die erwartungsgemäß Daten enthalten; öffentlich, nicht aus den Daten gelesen).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/report_accuracy.py" line="32"/>
        <source>{section} ({part}): epsilon {s:.3g}, expected error {mae}, margin ±{moe}</source>
        <translation>{section} ({part}): Epsilon {s:.3g}, erwarteter Fehler {mae}, Spanne ±{moe}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/report_accuracy.py" line="36"/>
        <source>; five-number summary within {r} ranks (95%)</source>
        <translation>; Fünf-Punkte-Zusammenfassung innerhalb von {r} Rängen (95 %)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="316"/>
        <source>Total epsilon {e:g}, delta {d:g} (differential privacy, user level; EPSILON {budget:g} composed as the next line says).</source>
        <translation>Gesamt-Epsilon {e:g}, Delta {d:g} (Differential Privacy, Personenebene; EPSILON {budget:g} zusammengesetzt, wie die nächste Zeile sagt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/dry_run.py" line="113"/>
        <source>With Gaussian thresholding (THRESHOLD=1, NOISE=2) no cell without data is published; a cell needs about {t:.3g} users to be published half the time.</source>
        <translation>Mit der Gauß-Schwellenwertbildung (THRESHOLD=1, NOISE=2) wird keine Zelle ohne Daten veröffentlicht; eine Zelle braucht etwa {t:.3g} Nutzer, um in der Hälfte der Fälle veröffentlicht zu werden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="147"/>
        <source>Visits per zone: Laplace RMSE {lr} (trip ends per zone, L1 sensitivity 2M); discrete Gaussian RMSE {gr} (users per zone, one visit per user and zone, L2 sensitivity sqrt(2M)). {noise} noise gives the smaller error.</source>
        <translation>Besuche je Zone: Laplace RMSE {lr} (Wegenden je Zone, L1-Sensitivität 2M); diskretes Gauß-Rauschen RMSE {gr} (Nutzer je Zone, ein Besuch je Nutzer und Zone, L2-Sensitivität sqrt(2M)). {noise}-Rauschen ergibt den kleineren Fehler.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_report.py" line="154"/>
        <source>OD flows: the stability-based histogram (Laplace) publishes a pair from a noisy count of {lt} trips, noise RMSE {lr}; Gaussian thresholding from {gt} users, noise RMSE {gr}. {noise} noise gives the smaller error; the smaller threshold publishes smaller flows.</source>
        <translation>Quelle-Ziel-Ströme: Das Stabilitätshistogramm (Laplace) veröffentlicht ein Paar ab einer verrauschten Anzahl von {lt} Wegen, RMSE des Rauschens {lr}; die Gauß-Schwellenwertbildung ab {gt} Nutzern, RMSE des Rauschens {gr}. {noise}-Rauschen ergibt den kleineren Fehler; die kleinere Schwelle veröffentlicht kleinere Ströme.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/core/mechanisms/auto_bound.py" line="87"/>
        <source>AUTO_VALUE_BOUNDS cannot work with AUTO_SHARE {share:g}: {error}.</source>
        <translation>AUTO_VALUE_BOUNDS kann mit AUTO_SHARE {share:g} nicht funktionieren: {error}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="55"/>
        <source>DELTA is only used by {setting}; this release spends delta = 0.</source>
        <translation>DELTA wird nur bei {setting} verwendet; diese Veröffentlichung verbraucht delta = 0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/count_release.py" line="56"/>
        <source>DELTA is only used by {setting}; this release spends delta only on {part}.</source>
        <translation>DELTA wird nur bei {setting} verwendet; diese Veröffentlichung verbraucht delta nur für {part}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_input.py" line="137"/>
        <source>INPUT has no records (the layer is empty): give a layer with the trip records (one row per start and end) or trip lines.</source>
        <translation>INPUT hat keine Datensätze (der Layer ist leer): Geben Sie einen Layer mit den Wegdatensätzen (eine Zeile je Start und Ende) oder Weglinien an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/report_accuracy.py" line="21"/>
        <source>users per pair</source>
        <translation>Nutzer je Paar</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/report_accuracy.py" line="30"/>
        <source>; a flow is published from a noisy count of {t}, a true flow of {c} {unit} with 95% probability</source>
        <translation>; ein Strom wird ab einer verrauschten Anzahl von {t} veröffentlicht, ein wahrer Strom der Größe {c} {unit} mit 95 % Wahrscheinlichkeit</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_output.py" line="30"/>
        <source>Flows published: {published} of the {cells} zone pairs.</source>
        <translation>Veröffentlichte Ströme: {published} der {cells} Zonenpaare.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/od_output.py" line="33"/>
        <source>No flow reached the publication threshold at this epsilon: a flow needs about {t} {unit} (after the bound M) to be published, so the flows layer is empty and this release publishes nothing reliable about the {cells} zone pairs. Use a larger EPSILON, coarser zones or a lower M (MAX_TRIPS).</source>
        <translation>Kein Strom hat bei diesem Epsilon die Veröffentlichungsschwelle erreicht: Ein Strom braucht etwa {t} {unit} (nach der Begrenzung M), um veröffentlicht zu werden; daher ist der Layer der Ströme leer, und diese Veröffentlichung sagt über die {cells} Zonenpaare nichts Verlässliches aus. Verwenden Sie ein größeres EPSILON, gröbere Zonen oder ein kleineres M (MAX_TRIPS).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="116"/>
        <source>No OD flow reached the publication threshold of about {t} {unit} at this epsilon: this section publishes nothing reliable. A flow needs about {t} {unit} (after the bound M) to be published; give OD flows a larger share (BUDGET_SPLIT, e.g. od_flows=5), a larger EPSILON, a smaller M or coarser zones.</source>
        <translation>Kein Quelle-Ziel-Strom hat bei diesem Epsilon die Veröffentlichungsschwelle von etwa {t} {unit} erreicht: Dieser Abschnitt veröffentlicht nichts Verlässliches. Ein Strom braucht etwa {t} {unit} (nach der Begrenzung M), um veröffentlicht zu werden; geben Sie den Quelle-Ziel-Strömen einen größeren Anteil (BUDGET_SPLIT, z. B. od_flows=5), ein größeres EPSILON, ein kleineres M oder gröbere Zonen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/budget.py" line="299"/>
        <source>Ledger: the whole source is one partition (no parallel composition).</source>
        <translation>Journal: Die gesamte Datenquelle ist eine Partition (keine parallele Komposition).</translation>
    </message>
</context>
<context>
    <name>AccuracyPlanner</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="108"/>
        <source>Accuracy planner (reads no data, spends nothing)</source>
        <translation>Genauigkeitsplaner (liest keine Daten, verbraucht nichts)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="125"/>
        <source>Release to plan</source>
        <translation>Zu planende Veröffentlichung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="125"/>
        <source>Noisy zone counts</source>
        <translation>Verrauschte Zonenzählungen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="125"/>
        <source>Noisy OD flows</source>
        <translation>Verrauschte Quelle-Ziel-Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="125"/>
        <source>Location perturbation (Laplace)</source>
        <translation>Ortsverrauschung (Laplace)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="125"/>
        <source>Randomized response (k-ary)</source>
        <translation>Randomisierte Antwort (k-är)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="133"/>
        <source>Epsilon you intend to use</source>
        <translation>Vorgesehenes Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="136"/>
        <source>The epsilon whose figures are returned as outputs; e.g. 1.</source>
        <translation>Das Epsilon, dessen Zahlen als Ausgaben zurückgegeben werden; z. B. 1.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="138"/>
        <source>Number of zones (counts, OD flows)</source>
        <translation>Anzahl der Zonen (Zählungen, Quelle-Ziel-Ströme)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="141"/>
        <source>The number of zones of the public tessellation, e.g. 100.</source>
        <translation>Die Anzahl der Zonen der öffentlichen Flächeneinteilung, z. B. 100.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="145"/>
        <source>Protected distance (metres; locations)</source>
        <translation>Geschützte Entfernung (Meter; Orte)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="148"/>
        <source>Noise (counts)</source>
        <translation>Rauschen (Zählungen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="148"/>
        <source>Laplace</source>
        <translation>Laplace</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="148"/>
        <source>Discrete Laplace</source>
        <translation>Diskretes Laplace</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="165"/>
        <source>Epsilons to tabulate</source>
        <translation>Zu tabellierende Epsilons</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="167"/>
        <source>Target 95% margin of error per cell (counts)</source>
        <translation>Ziel: 95-%-Fehlermarge je Zelle (Zählungen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="167"/>
        <source>Target number of spurious cells (counts)</source>
        <translation>Ziel: Anzahl unechter Zellen (Zählungen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="167"/>
        <source>Target mean displacement (metres)</source>
        <translation>Ziel: mittlere Verschiebung (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="173"/>
        <source>Categories (randomized response)</source>
        <translation>Kategorien (randomisierte Antwort)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="175"/>
        <source>Rows (randomized response)</source>
        <translation>Zeilen (randomisierte Antwort)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="184"/>
        <source>Time slots per zone (counts)</source>
        <translation>Zeitfenster je Zone (Zählungen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="191"/>
        <source>OD flows include intrazonal pairs</source>
        <translation>Quelle-Ziel-Ströme enthalten Binnenpaare</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="196"/>
        <source>Accuracy per epsilon</source>
        <translation>Genauigkeit je Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="200"/>
        <source>Chart: accuracy against epsilon</source>
        <translation>Diagramm: Genauigkeit über Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="200"/>
        <source>HTML files (*.html)</source>
        <translation>HTML-Dateien (*.html)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Expected absolute error per cell</source>
        <translation>Erwarteter absoluter Fehler je Zelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Root mean square error per cell</source>
        <translation>Wurzel des mittleren quadratischen Fehlers je Zelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>95% margin of error per cell</source>
        <translation>95-%-Fehlermarge je Zelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Expected spurious cells (all empty)</source>
        <translation>Erwartete unechte Zellen (alle leer)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Stability threshold</source>
        <translation>Stabilitätsschwelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Mean displacement (metres)</source>
        <translation>Mittlere Verschiebung (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>95% quantile of the displacement (metres)</source>
        <translation>95-%-Quantil der Verschiebung (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Epsilon for the target margin</source>
        <translation>Epsilon für die Ziel-Fehlermarge</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Epsilon for the target spurious cells</source>
        <translation>Epsilon für die Zielzahl unechter Zellen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Epsilon for the target displacement</source>
        <translation>Epsilon für die Ziel-Verschiebung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="241"/>
        <source>DELTA must be above 0 with THRESHOLD (e.g. 1e-6, below 1 / number of users).</source>
        <translation>DELTA muss mit THRESHOLD größer als 0 sein (z. B. 1e-6, unter 1 / Anzahl der Nutzer).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="304"/>
        <source>EPSILONS: {error}. Give positive numbers separated by commas, e.g. 0.1, 1, 5.</source>
        <translation>EPSILONS: {error}. Positive Zahlen durch Kommas getrennt angeben, z. B. 0.1, 1, 5.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="314"/>
        <source>No data is read and no budget is spent: these figures follow from the settings alone.</source>
        <translation>Es werden keine Daten gelesen und kein Budget verbraucht: Diese Zahlen folgen allein aus den Einstellungen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_responses.py" line="28"/>
        <source>At EPSILON {e:g}: each row keeps its value with probability {p:.3g}; the estimated count of a category held by {s:g} of {n:,} rows has standard error {se:.4g} and 95% margin {moe:.4g}.</source>
        <translation>Bei EPSILON {e:g}: Jede Zeile behält ihren Wert mit Wahrscheinlichkeit {p:.3g}; die geschätzte Anzahl einer Kategorie, die {s:g} von {n:,} Zeilen halten, hat den Standardfehler {se:.4g} und die 95-%-Marge {moe:.4g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_responses.py" line="37"/>
        <source>a 95% margin of error of at most {t:g}</source>
        <translation>eine 95-%-Fehlermarge von höchstens {t:g}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_responses.py" line="40"/>
        <source>expected absolute error</source>
        <translation>erwarteter absoluter Fehler</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_responses.py" line="41"/>
        <source>95% margin of error</source>
        <translation>95-%-Fehlermarge</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_responses.py" line="42"/>
        <source>Count (log scale)</source>
        <translation>Anzahl (logarithmisch)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="325"/>
        <source>At EPSILON {e:g}: noise scale b = {b:.4g} m; displacement mean {mean:.4g} m, median {median:.4g} m, 95% of points within {q95:.4g} m.</source>
        <translation>Bei EPSILON {e:g}: Rauschskala b = {b:.4g} m; Verschiebung im Mittel {mean:.4g} m, Median {median:.4g} m, 95 % der Punkte innerhalb von {q95:.4g} m.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="331"/>
        <source>a mean displacement of at most {t:g} m</source>
        <translation>eine mittlere Verschiebung von höchstens {t:g} m</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="334"/>
        <source>mean displacement (m)</source>
        <translation>mittlere Verschiebung (m)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="335"/>
        <source>95% quantile (m)</source>
        <translation>95-%-Quantil (m)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="336"/>
        <source>Displacement (metres, log scale)</source>
        <translation>Verschiebung (Meter, logarithmisch)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="407"/>
        <source>at most {t:g} spurious cells of {n:,}</source>
        <translation>höchstens {t:g} unechte Zellen von {n:,}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="413"/>
        <source>expected spurious cells</source>
        <translation>erwartete unechte Zellen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="433"/>
        <source>Expected accuracy against epsilon</source>
        <translation>Erwartete Genauigkeit über Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="434"/>
        <source>epsilon (log scale)</source>
        <translation>Epsilon (logarithmisch)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="436"/>
        <source>Data-independent: computed from the noise distribution; no data was read.</source>
        <translation>Datenunabhängig: aus der Rauschverteilung berechnet; es wurden keine Daten gelesen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_counts.py" line="13"/>
        <source>At EPSILON {e:g}: noise scale b = {b:.4g} (sensitivity {s:g}); expected absolute error per cell {mae:.4g}, RMSE {rmse:.4g}, 95% margin of error {moe:.4g}.</source>
        <translation>Bei EPSILON {e:g}: Rauschskala b = {b:.4g} (Sensitivität {s:g}); erwarteter absoluter Fehler je Zelle {mae:.4g}, RMSE {rmse:.4g}, 95-%-Fehlermarge {moe:.4g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_counts.py" line="20"/>
        <source>Stability threshold {t:.4g}: no empty cell is published; a cell with a true count of {c95:.4g} is published with 95% probability.</source>
        <translation>Stabilitätsschwelle {t:.4g}: Keine leere Zelle wird veröffentlicht; eine Zelle mit der wahren Anzahl {c95:.4g} wird mit 95 % Wahrscheinlichkeit veröffentlicht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="443"/>
        <source>No epsilon up to 10,000 gives {what}.</source>
        <translation>Kein Epsilon bis 10.000 ergibt {what}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="445"/>
        <source>Epsilon {e:.4g} gives {what}.</source>
        <translation>Epsilon {e:.4g} ergibt {what}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="114"/>
        <source>Predicts the accuracy of a release at each epsilon, and the epsilon a target accuracy needs, from the noise distribution alone.</source>
        <translation>Sagt die Genauigkeit einer Veröffentlichung für jedes Epsilon voraus und das Epsilon, das eine Zielgenauigkeit braucht, allein aus der Verteilung des Rauschens.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="114"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; nothing to protect: it reads no data, spends no privacy budget and writes nothing to a ledger.</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; nichts zu schützen: liest keine Daten, verbraucht kein Privatsphäre-Budget und schreibt nichts ins Journal.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="114"/>
        <source>&lt;b&gt;Accuracy:&lt;/b&gt; exact figures of the noise; e.g. at the defaults (EPSILON={epsilon:g}, M={m}) a zone count is off by at most ±{moe:.2g} (95%).</source>
        <translation>&lt;b&gt;Genauigkeit:&lt;/b&gt; exakte Kennzahlen des Rauschens; z. B. weicht bei den Voreinstellungen (EPSILON={epsilon:g}, M={m}) eine Zonenzählung um höchstens ±{moe:.2g} ab (95 %).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="125"/>
        <source>Noisy zone statistics (sum, mean, quantiles)</source>
        <translation>Verrauschte Zonenstatistiken (Summe, Mittelwert, Quantile)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Probability that a zone is published (zone statistics)</source>
        <translation>Wahrscheinlichkeit, dass eine Zone veröffentlicht wird (Zonenstatistiken)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="222"/>
        <source>Public settings the figures were computed for (JSON)</source>
        <translation>Öffentliche Einstellungen, für die die Zahlen berechnet wurden (JSON)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="18"/>
        <source>Statistic (zone statistics)</source>
        <translation>Statistik (Zonenstatistiken)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="18"/>
        <source>Sum</source>
        <translation>Summe</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="18"/>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="18"/>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="18"/>
        <source>Quartiles</source>
        <translation>Quartile</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="18"/>
        <source>Five-number summary</source>
        <translation>Fünf-Punkte-Zusammenfassung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="24"/>
        <source>Lower bound of the value (zone statistics)</source>
        <translation>Untere Grenze des Werts (Zonenstatistiken)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="27"/>
        <source>Upper bound of the value (zone statistics)</source>
        <translation>Obere Grenze des Werts (Zonenstatistiken)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="33"/>
        <source>Your assumption, not read from data: the mean's and the quantiles' errors shrink with it; e.g. 100.</source>
        <translation>Ihre Annahme, nicht aus Daten gelesen: Die Fehler von Mittelwert und Quantilen sinken mit ihr; z. B. 100.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="79"/>
        <source>ZONE_MEAN must lie within [LOWER, UPPER]</source>
        <translation>ZONE_MEAN muss in [LOWER, UPPER] liegen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="81"/>
        <source>Zone statistics settings: {error}. Give the bounds, M and shares the release will use.</source>
        <translation>Einstellungen der Zonenstatistik: {error}. Geben Sie die Grenzen, M und die Anteile an, die die Veröffentlichung verwenden wird.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="376"/>
        <source>a 95% error of at most {t:g} (value units)</source>
        <translation>einen 95-%-Fehler von höchstens {t:g} (Werteinheiten)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="380"/>
        <source>95% of errors within</source>
        <translation>95 % der Fehler innerhalb</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="381"/>
        <source>Value units (log scale)</source>
        <translation>Werteinheiten (logarithmische Skala)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_counts.py" line="26"/>
        <source>Each empty cell is published with probability {p:.3g} at MIN_FLOW={m:g} (THRESHOLD off): of {n:,} cells, up to {s:.4g} published cells are noise only (all cells empty).</source>
        <translation>Jede leere Zelle wird bei MIN_FLOW={m:g} (THRESHOLD aus) mit Wahrscheinlichkeit {p:.3g} veröffentlicht: Von {n:,} Zellen bestehen bis zu {s:.4g} veröffentlichte Zellen nur aus Rauschen (alle Zellen leer).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="111"/>
        <source>At EPSILON {e:g}, {statistic} of a zone with {n:,} records (bounds {lower:g} to {upper:g}, M = {m}): expected absolute error {mae:.4g}, RMSE {rmse:.4g}, 95% of errors within {q95:.4g} (value units); the release publishes a 95% margin of {moe:.4g}{ranks}. A zone is published with probability {p:.3g}.</source>
        <translation>Bei EPSILON {e:g}, {statistic} einer Zone mit {n:,} Datensätzen (Grenzen {lower:g} bis {upper:g}, M = {m}): erwarteter absoluter Fehler {mae:.4g}, RMSE {rmse:.4g}, 95 % der Fehler innerhalb von {q95:.4g} (Werteinheiten); die Veröffentlichung gibt eine 95-%-Marge von {moe:.4g}{ranks} an. Eine Zone wird mit Wahrscheinlichkeit {p:.3g} veröffentlicht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="109"/>
        <source> ({r:.4g} ranks)</source>
        <translation> ({r:.4g} Ränge)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="121"/>
        <source>Quantile errors assume the zone's values spread evenly between the bounds.</source>
        <translation>Die Quantilfehler nehmen an, dass die Werte der Zone gleichmäßig zwischen den Grenzen verteilt sind.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="162"/>
        <source>Smallest published value</source>
        <translation>Kleinster veröffentlichter Wert</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="177"/>
        <source>Share of rows in the category</source>
        <translation>Anteil der Zeilen in der Kategorie</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="188"/>
        <source>Cells per contribution</source>
        <translation>Zellen je Beitrag</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="30"/>
        <source>Typical records per zone</source>
        <translation>Typische Datensätze je Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="36"/>
        <source>Typical zone mean</source>
        <translation>Typischer Zonenmittelwert</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="39"/>
        <source>Minimum noisy count per zone</source>
        <translation>Mindestanzahl (verrauscht) je Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="42"/>
        <source>Epsilon share of the support count</source>
        <translation>Epsilon-Anteil der Mindestanzahl</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="45"/>
        <source>Epsilon share of the sum (mean)</source>
        <translation>Epsilon-Anteil der Summe (Mittelwert)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="48"/>
        <source>Candidate values (quantiles)</source>
        <translation>Kandidatenwerte (Quantile)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="340"/>
        <source>finest level, expected absolute error</source>
        <translation>feinste Ebene, erwarteter absoluter Fehler</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="125"/>
        <source>Mobility report (every section)</source>
        <translation>Mobilitätsbericht (alle Abschnitte)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="351"/>
        <source>95% margin of a count (log scale)</source>
        <translation>95-%-Fehlerspanne einer Anzahl (logarithmisch)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="52"/>
        <source>At most 1000000: the planner computes the exact distribution over every candidate value (2e7 took over 11 minutes).</source>
        <translation>Höchstens 1000000: der Planer berechnet die exakte Verteilung über jeden Kandidatenwert (2e7 dauerte über 11 Minuten).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="148"/>
        <source>Discrete Gaussian (needs DELTA)</source>
        <translation>Diskretes Gauß-Rauschen (braucht DELTA)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="154"/>
        <source>Delta (stability threshold, Gaussian noise)</source>
        <translation>Delta (Stabilitätsschwelle, Gauß-Rauschen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>RMSE per cell with Laplace noise (side by side)</source>
        <translation>RMSE je Zelle mit Laplace-Rauschen (im Vergleich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>RMSE per cell with Gaussian noise at DELTA (side by side)</source>
        <translation>RMSE je Zelle mit Gauß-Rauschen bei DELTA (im Vergleich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="220"/>
        <source>The noise with the smaller error at DELTA: Laplace or Gaussian</source>
        <translation>Das Rauschen mit dem kleineren Fehler bei DELTA: Laplace oder Gauß</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="233"/>
        <source>DELTA must be above 0 with Gaussian noise (e.g. 1e-6, below 1 / number of users).</source>
        <translation>DELTA muss bei Gauß-Rauschen über 0 liegen (z. B. 1e-6, unter 1 / Anzahl der Nutzer).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_side_by_side.py" line="87"/>
        <source>a zone sum (M records of a unit in distinct zones, values up to {b:g} in magnitude)</source>
        <translation>eine Zonensumme (M Datensätze einer Einheit in verschiedenen Zonen, Beträge der Werte bis {b:g})</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_side_by_side.py" line="68"/>
        <source>a count (each user in at most M = {m} distinct cells)</source>
        <translation>eine Zählung (jeder Nutzer in höchstens M = {m} verschiedenen Zellen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="125"/>
        <source>Consistent counts over H3 levels or zones</source>
        <translation>Konsistente Zählungen über H3-Ebenen oder Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Epsilon of the automatic M's choice</source>
        <translation>Epsilon der Auswahl des automatischen M</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="203"/>
        <source>Expected absolute error per cell at TYPICAL_M</source>
        <translation>Erwarteter absoluter Fehler je Zelle bei TYPICAL_M</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="40"/>
        <source>Contributions per user (M)</source>
        <translation>Beiträge je Nutzer (M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="52"/>
        <source>Share of epsilon for the automatic M</source>
        <translation>Epsilon-Anteil für das automatische M</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="55"/>
        <source>Used when M is 0 (automatic): this share of EPSILON would choose M; e.g. 0.05.</source>
        <translation>Wird verwendet, wenn M 0 ist (automatisch): Dieser Anteil von EPSILON würde M wählen; z. B. 0,05.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="57"/>
        <source>Largest automatic M</source>
        <translation>Größtes automatisches M</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="60"/>
        <source>Used when M is 0 (automatic): the candidates are 1 to this public number; the table is for this M, the most noise the choice can give.</source>
        <translation>Wird verwendet, wenn M 0 ist (automatisch): Die Kandidaten sind 1 bis zu dieser öffentlichen Zahl; die Tabelle gilt für dieses M, das meiste Rauschen, das die Wahl ergeben kann.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="63"/>
        <source>Typical M (automatic M)</source>
        <translation>Typisches M (automatisches M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="66"/>
        <source>Used when M is 0 (automatic): an M you expect the choice to give (a guess, not read from data); the log gives the expected error at it too.</source>
        <translation>Wird verwendet, wenn M 0 ist (automatisch): ein M, das die Wahl nach Ihrer Erwartung ergibt (eine Annahme, nicht aus den Daten gelesen); das Protokoll nennt auch den erwarteten Fehler bei diesem M.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="130"/>
        <source>MAX_CONTRIBUTIONS=0 (automatic) cannot work: {error}. Check AUTO_SHARE (e.g. 0.05).</source>
        <translation>MAX_CONTRIBUTIONS=0 (automatisch) kann nicht funktionieren: {error}. Prüfen Sie AUTO_SHARE (z. B. 0,05).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="182"/>
        <source>M = 0 (automatic): the release would choose M privately from 1 to {largest} with epsilon {choice:.4g} ({share:g} of EPSILON {e:g}); the release gets the rest, epsilon {rest:.4g}. The choice depends on the data, which the planner does not read: expected absolute error per cell {big:.4g} at the largest candidate M = {largest} (the table), {typical_error:.4g} at the typical M = {typical}.</source>
        <translation>M = 0 (automatisch): Die Veröffentlichung würde M privat aus 1 bis {largest} mit Epsilon {choice:.4g} wählen ({share:g} von EPSILON {e:g}); die Veröffentlichung erhält den Rest, Epsilon {rest:.4g}. Die Wahl hängt von den Daten ab, die der Planer nicht liest: erwarteter absoluter Fehler je Zelle {big:.4g} beim größten Kandidaten M = {largest} (die Tabelle), {typical_error:.4g} beim typischen M = {typical}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="125"/>
        <source>Noisy OD flows with consistent origin and destination totals</source>
        <translation>Verrauschte OD-Ströme mit konsistenten Quell- und Zielsummen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="345"/>
        <source>origin total, expected absolute error</source>
        <translation>Quellsumme, erwarteter absoluter Fehler</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_side_by_side.py" line="23"/>
        <source>Side by side at EPSILON {e:g} and DELTA {d:g}, for {what}: Laplace (L1 sensitivity {l1:g}) RMSE {lr:.4g}, 95% of errors within {lm:.4g}; Gaussian (L2 sensitivity {l2:.4g}, rho {rho:.4g}-zCDP converted to (epsilon, delta) by Canonne, Kamath and Steinke 2020) RMSE {gr:.4g}, 95% of errors within {gm:.4g} (exact quantiles of the error, to compare the two noises; the moe95 a release publishes is a bound at least as wide). {noise} noise gives the smaller error (RMSE ratio Laplace / Gaussian {ratio:.3g}).</source>
        <translation>Im Vergleich bei EPSILON {e:g} und DELTA {d:g}, für {what}: Laplace (L1-Sensitivität {l1:g}) RMSE {lr:.4g}, 95 % der Fehler innerhalb {lm:.4g}; Gauß (L2-Sensitivität {l2:.4g}, Rho {rho:.4g}-zCDP, nach Canonne, Kamath und Steinke 2020 in (Epsilon, Delta) umgerechnet) RMSE {gr:.4g}, 95 % der Fehler innerhalb {gm:.4g} (exakte Quantile des Fehlers, um die beiden Rauscharten zu vergleichen; die moe95, die eine Veröffentlichung angibt, ist eine mindestens so weite Schranke). {noise}-Rauschen ergibt den kleineren Fehler (RMSE-Verhältnis Laplace / Gauß {ratio:.3g}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="237"/>
        <source>NOISE: a threshold uses Laplace noise (the stability histogram) or the discrete Gaussian (Gaussian thresholding); choose one of them or turn THRESHOLD off.</source>
        <translation>NOISE: Ein Schwellenwert verwendet Laplace-Rauschen (das Stabilitäts-Histogramm) oder die diskrete Gauß-Verteilung (Gauß-Schwellenwertbildung); eines davon wählen oder THRESHOLD ausschalten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="259"/>
        <source>THRESHOLD with NOISE=2 (Gaussian thresholding) needs each point in one zone: set CELLS_PER_CONTRIBUTION to 1, or use Laplace noise.</source>
        <translation>THRESHOLD mit NOISE=2 (Gauß-Schwellenwertbildung) erfordert, dass jeder Punkt in genau einer Zone liegt: CELLS_PER_CONTRIBUTION auf 1 setzen oder Laplace-Rauschen verwenden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_side_by_side.py" line="109"/>
        <source>Side by side at EPSILON {e:g} and DELTA {d:g}, for counts published only in cells with data (M = {m}): the stability histogram (Laplace) needs a noisy count of {lt:.4g} and its noise has standard deviation {ls:.4g}; Gaussian thresholding (NOISE=2) needs {gt:.4g} and its noise has standard deviation {gs:.4g}. {noise} noise gives the smaller error; the smaller threshold publishes smaller counts.</source>
        <translation>Gegenüberstellung bei EPSILON {e:g} und DELTA {d:g} für Zählwerte, die nur in Zellen mit Daten veröffentlicht werden (M = {m}): Das Stabilitäts-Histogramm (Laplace) braucht einen verrauschten Zählwert von {lt:.4g}, und sein Rauschen hat die Standardabweichung {ls:.4g}; die Gauß-Schwellenwertbildung (NOISE=2) braucht {gt:.4g}, und ihr Rauschen hat die Standardabweichung {gs:.4g}. {noise}-Rauschen ergibt den kleineren Fehler; der kleinere Schwellenwert veröffentlicht kleinere Zählwerte.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="43"/>
        <source>0 = automatic (zone counts, OD flows, zone statistics, mobility report): the cost of choosing M privately and the error at AUTO_MAX_BOUND and at TYPICAL_M.</source>
        <translation>0 = automatisch (Zonenanzahlen, OD-Ströme, Zonenstatistiken, Mobilitätsbericht): die Kosten der privaten Wahl von M und der Fehler bei AUTO_MAX_BOUND und bei TYPICAL_M.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="69"/>
        <source>Automatic value bounds (zone statistics)</source>
        <translation>Automatische Wertschranken (Zonenstatistiken)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="72"/>
        <source>As noisyzonestatistics' AUTO_VALUE_BOUNDS: LOWER and UPPER are the public range, the choice costs AUTO_SHARE of EPSILON; the figures are for the whole range, the most noise the choice can give.</source>
        <translation>Wie AUTO_VALUE_BOUNDS von noisyzonestatistics: LOWER und UPPER sind der öffentliche Bereich, die Wahl kostet AUTO_SHARE von EPSILON; die Zahlen gelten für den ganzen Bereich, das meiste Rauschen, das die Wahl ergeben kann.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="103"/>
        <source>MAX_CONTRIBUTIONS=0 (automatic M) is planned for zone counts, OD flows, zone statistics and the mobility report: for {release} give M a whole number of at least 1 (e.g. the M you expect the choice to give).</source>
        <translation>MAX_CONTRIBUTIONS=0 (automatisches M) wird für Zonenanzahlen, OD-Ströme, Zonenstatistiken und den Mobilitätsbericht geplant: Geben Sie für {release} M als ganze Zahl von mindestens 1 an (z. B. das M, das die Wahl nach Ihrer Erwartung ergibt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="156"/>
        <source>M = {largest} (the largest candidate)</source>
        <translation>M = {largest} (der größte Kandidat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="159"/>
        <source>the declared LOWER/UPPER</source>
        <translation>die angegebenen LOWER/UPPER</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="160"/>
        <source>Automatic bounds: {n} private choice(s), each with epsilon {choice:.4g} ({share:g} of EPSILON {e:g}); the release keeps epsilon {rest:.4g}. The choices depend on the data, which the planner does not read: the table is for {what}, the most noise the choices can give.</source>
        <translation>Automatische Schranken: {n} private Wahl(en), jede mit Epsilon {choice:.4g} ({share:g} von EPSILON {e:g}); die Veröffentlichung behält Epsilon {rest:.4g}. Die Wahlen hängen von den Daten ab, die der Planer nicht liest: Die Tabelle gilt für {what}, das meiste Rauschen, das die Wahlen ergeben können.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_side_by_side.py" line="50"/>
        <source>Laplace and Gaussian side by side left out: {error}</source>
        <translation>Vergleich von Laplace und Gauß ausgelassen: {error}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_side_by_side.py" line="123"/>
        <source>Side by side with automatic bounds: each noise's release keeps what the choices leave in its own accounting: Laplace epsilon {l:.4g} (EPSILON less the choices' epsilon), Gaussian epsilon {g:.4g} (the conversion of the rho the choices' epsilon^2 / 2 leave).</source>
        <translation>Vergleich mit automatischen Schranken: Die Veröffentlichung jeder Rauschart behält, was die Wahlen in ihrer eigenen Abrechnung übrig lassen: Laplace Epsilon {l:.4g} (EPSILON abzüglich des Epsilons der Wahlen), Gauß Epsilon {g:.4g} (die Umrechnung des Rho, das Epsilon^2 / 2 der Wahlen übrig lässt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_statistic_settings.py" line="100"/>
        <source>At the typical M = {m}: expected absolute error {mae:.4g}, RMSE {rmse:.4g}, 95% of errors within {q95:.4g} (value units).</source>
        <translation>Beim typischen M = {m}: erwarteter absoluter Fehler {mae:.4g}, RMSE {rmse:.4g}, 95 % der Fehler innerhalb {q95:.4g} (Werteinheiten).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_help.py" line="12"/>
        <source>&lt;p&gt;&lt;b&gt;What accuracy will a release have at this epsilon, and which epsilon gives the accuracy I need?&lt;/b&gt; Computed from the noise distribution alone: it reads no data, draws no noise, spends no privacy budget and writes nothing to a ledger.&lt;/p&gt;&lt;p&gt;Set RELEASE and the public settings you will give the release (ZONES, M, noise, threshold, MIN_FLOW, DISTANCE). The figures come from the very mechanism the release builds from those settings, so planner and release cannot disagree.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Counts&lt;/b&gt; (noisy zone counts, noisy OD flows): per cell, the expected absolute error and RMSE of a published count (after snapping and rounding; for cells well above zero) and the 95% margin of error the release publishes. With noise on every cell (THRESHOLD off), EXPECTED_SPURIOUS is the expected number of cells published with a value of at least MIN_FLOW (with MIN_FLOW 0: a value above 0) although their true count is 0, if every cell were empty: an upper bound for any data (OD flows have ZONES² cells, or ZONES² - ZONES without intrazonal pairs; zone counts ZONES x SLOTS). With THRESHOLD (the stability histogram, Asghar, Tyler and Kaafar 2017 Algorithm 1) no empty cell is published; the table gives its threshold and the true count published with 95% probability.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Locations&lt;/b&gt; (Laplace perturbation, MECHANISM planar or per-axis): mean, median, 90% and 95% quantile of the displacement in metres (planar: Gamma(2, DISTANCE/EPSILON)).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Randomized response&lt;/b&gt; (k-ary, CATEGORIES values): the probability of keeping the truth for EPSILON and the standard error, expected absolute error and 95% margin of the estimated count of a category held by SHARE of RESPONDENTS rows.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zone statistics&lt;/b&gt; (sum, mean, median, quartiles, five-number summary; LOWER, UPPER, M and the epsilon shares as the release splits them): for a zone of RECORDS_PER_ZONE records (your assumption), the expected absolute error, RMSE and the error 95% of zones stay within, in value units, and the probability that a zone is published. The mean is computed for a zone whose mean is ZONE_MEAN (default the centre of the bounds), the quantiles for values spread evenly between the bounds.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Consistent counts&lt;/b&gt; (dp_geoprivacy:consistentcounts; LEVELS, SPLIT as you will give it, CHILDREN per parent: 7 for H3, for zones the typical number of zones per district): per level, the expected absolute error and 95% margin of a published count after least squares, from simulating the noise on a complete tree.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Mobility report&lt;/b&gt; (dp_geoprivacy:mobilityreport as a whole; M = MAX_CONTRIBUTIONS, its analyses REPORT_ANALYSES and BUDGET_SPLIT as you will give the report, OD_DELTA the OD flows' delta (empty: DELTA); NOISE=2 the report's discrete Gaussian at DELTA): one row per epsilon and published part of each section, with the section's epsilon share, its sensitivity and noise scale, the expected absolute error and 95% margin of one published count or histogram bin (the margin the report writes), the 95% rank margin of the five-number summaries, and for the OD flows the threshold and the true flow published with 95% probability. Compare splits before spending (Kapp et al., 'Towards Standardized Mobility Reports with User-Level Privacy', 2023, §4.3 and §5.4).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Laplace or Gaussian.&lt;/b&gt; With DELTA above 0, zone counts, OD flows, zone sums and the mobility report are also planned with both noises side by side at the same (EPSILON, DELTA): Laplace calibrated to the L1 sensitivity M, the Gaussian to the L2 sensitivity sqrt(M) of a user in at most M distinct cells, through zero-concentrated DP (Bun and Steinke 2016; Canonne, Kamath and Steinke 2020); with THRESHOLD the stability histogram against Gaussian thresholding; for the mobility report its visits per zone and OD flows with NOISE=0 against NOISE=2. Columns laplace_... and gaussian_..., results LAPLACE_RMSE, GAUSSIAN_RMSE and SMALLER_ERROR_NOISE say which gives the smaller error: Laplace for M = 1, the Gaussian from a few contributions per user on.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Automatic bounds.&lt;/b&gt; M = 0 plans zone counts, OD flows, zone statistics and the mobility report with M chosen privately (and AUTO_VALUE_BOUNDS zone statistics with LOWER/UPPER chosen inside the declared range): each choice costs AUTO_SHARE of EPSILON (CHOICE_EPSILON), the release keeps the rest as it would (with the Gaussian, the rest of rho; the mobility report takes the choice out of EPSILON). The choice depends on the data, which the planner does not read: the table is for AUTO_MAX_BOUND and the declared bounds, the most noise the choice can give, and EXPECTED_ABS_ERROR_TYPICAL_M for an M you expect (TYPICAL_M). Laplace and Gaussian side by side take each noise's choice out in its own accounting.&lt;/p&gt;&lt;p&gt;Every row of OUTPUT (columns setting_...) and the SETTINGS output carry the settings the figures are for.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Inverse.&lt;/b&gt; TARGET_MARGIN, TARGET_SPURIOUS or TARGET_DISPLACEMENT give the epsilon from which on the target holds (EPSILON_FOR_MARGIN, EPSILON_FOR_SPURIOUS, EPSILON_FOR_DISPLACEMENT). OUTPUT is a table with one row per epsilon of EPSILONS; OUTPUT_CHART an HTML page with the chart.&lt;/p&gt;&lt;p&gt;Sources: Kapp et al. 2023 §4.3 and §5 (user-level counts, OD error), Asghar, Tyler and Kaafar 2017 Algorithm 1, Dumont et al. 2021 §5; Mironov 2012 (snapping).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Welche Genauigkeit hat eine Veröffentlichung bei diesem Epsilon, und welches Epsilon liefert die Genauigkeit, die ich brauche?&lt;/b&gt; Allein aus der Rauschverteilung berechnet: Es werden keine Daten gelesen, kein Rauschen gezogen, kein Privatsphäre-Budget verbraucht und nichts ins Journal geschrieben.&lt;/p&gt;&lt;p&gt;Setzen Sie RELEASE und die öffentlichen Einstellungen, die Sie der Veröffentlichung geben werden (ZONES, M, Rauschen, Schwelle, MIN_FLOW, DISTANCE). Die Zahlen stammen aus genau dem Mechanismus, den die Veröffentlichung aus diesen Einstellungen aufbaut, sodass Planer und Veröffentlichung nicht voneinander abweichen können.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zählwerte&lt;/b&gt; (verrauschte Zonenzählungen, verrauschte Quelle-Ziel-Ströme): je Zelle der erwartete absolute Fehler und der RMSE einer veröffentlichten Anzahl (nach Snapping und Rundung; für Zellen deutlich über null) sowie die 95-%-Fehlerspanne, die die Veröffentlichung angibt. Mit Rauschen auf jeder Zelle (THRESHOLD aus) ist EXPECTED_SPURIOUS die erwartete Anzahl der Zellen, die mit einem Wert von mindestens MIN_FLOW (bei MIN_FLOW 0: einem Wert über 0) veröffentlicht werden, obwohl ihre wahre Anzahl 0 ist, wenn alle Zellen leer wären: eine obere Schranke für beliebige Daten (Quelle-Ziel-Ströme haben ZONES² Zellen, ohne Binnenpaare ZONES² - ZONES; Zonenzählungen ZONES x SLOTS). Mit THRESHOLD (dem Stabilitätshistogramm, Asghar, Tyler und Kaafar 2017 Algorithm 1) wird keine leere Zelle veröffentlicht; die Tabelle gibt die Schwelle an und die wahre Anzahl, die mit 95 % Wahrscheinlichkeit veröffentlicht wird.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Orte&lt;/b&gt; (Laplace-Verrauschung, MECHANISM planar oder achsenweise): Mittelwert, Median, 90-%- und 95-%-Quantil der Verschiebung in Metern (planar: Gamma(2, DISTANCE/EPSILON)).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Randomisierte Antwort&lt;/b&gt; (k-är, CATEGORIES Werte): die Wahrscheinlichkeit, bei EPSILON den wahren Wert zu behalten, sowie Standardfehler, erwarteter absoluter Fehler und 95-%-Fehlerspanne der geschätzten Anzahl einer Kategorie, die der Anteil SHARE der RESPONDENTS Zeilen hat.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zonenstatistiken&lt;/b&gt; (Summe, Mittelwert, Median, Quartile, Fünf-Punkte-Zusammenfassung; LOWER, UPPER, M und die Epsilon-Anteile so, wie die Veröffentlichung sie aufteilt): für eine Zone mit RECORDS_PER_ZONE Datensätzen (Ihre Annahme) der erwartete absolute Fehler, der RMSE und der Fehler, den 95 % der Zonen nicht überschreiten, in Einheiten des Werts, sowie die Wahrscheinlichkeit, dass eine Zone veröffentlicht wird. Der Mittelwert wird für eine Zone mit dem Mittelwert ZONE_MEAN berechnet (Standard: die Mitte zwischen den Grenzen), die Quantile für Werte, die gleichmäßig zwischen den Grenzen verteilt sind.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Konsistente Zählungen&lt;/b&gt; (dp_geoprivacy:consistentcounts; LEVELS und SPLIT, wie Sie sie angeben werden, CHILDREN je Elternteil: 7 für H3, für Zonen die typische Zahl der Zonen je Bezirk): je Ebene der erwartete absolute Fehler und die 95-%-Fehlermarge einer veröffentlichten Zählung nach den kleinsten Quadraten, aus einer Simulation des Rauschens auf einem vollständigen Baum.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Mobilitätsbericht&lt;/b&gt; (dp_geoprivacy:mobilityreport als Ganzes; M = MAX_CONTRIBUTIONS, seine Analysen REPORT_ANALYSES und BUDGET_SPLIT so, wie Sie sie dem Bericht geben werden, OD_DELTA das Delta der Quelle-Ziel-Ströme (leer: DELTA); NOISE=2 das diskrete Gauß-Rauschen des Berichts bei DELTA): eine Zeile je Epsilon und veröffentlichtem Teil jedes Abschnitts, mit dem Epsilon-Anteil des Abschnitts, seiner Sensitivität und Rauschskala, dem erwarteten absoluten Fehler und der 95-%-Fehlerspanne einer veröffentlichten Anzahl oder Histogrammklasse (der Spanne, die der Bericht angibt), der 95-%-Rangspanne der Fünf-Punkte-Zusammenfassungen und bei den Quelle-Ziel-Strömen der Schwelle und dem wahren Strom, der mit 95 % Wahrscheinlichkeit veröffentlicht wird. Vergleichen Sie Aufteilungen, bevor Sie Budget verbrauchen (Kapp et al., 'Towards Standardized Mobility Reports with User-Level Privacy', 2023, §4.3 und §5.4).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Laplace oder Gauß.&lt;/b&gt; Mit DELTA über 0 werden Zonenzählungen, OD-Ströme, Zonensummen und der Mobilitätsbericht auch mit beiden Rauscharten nebeneinander beim selben (EPSILON, DELTA) geplant: Laplace kalibriert auf die L1-Sensitivität M, Gauß auf die L2-Sensitivität sqrt(M) eines Nutzers in höchstens M verschiedenen Zellen, über nullkonzentrierte DP (Bun und Steinke 2016; Canonne, Kamath und Steinke 2020); mit THRESHOLD das Stabilitätshistogramm gegen Gauß-Schwellenwertbildung; beim Mobilitätsbericht seine Besuche je Zone und OD-Ströme mit NOISE=0 gegen NOISE=2. Die Spalten laplace_... und gaussian_... und die Ergebnisse LAPLACE_RMSE, GAUSSIAN_RMSE und SMALLER_ERROR_NOISE sagen, welches den kleineren Fehler ergibt: Laplace bei M = 1, Gauß ab wenigen Beiträgen je Nutzer.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Automatische Schranken.&lt;/b&gt; M = 0 plant Zonenanzahlen, OD-Ströme, Zonenstatistiken und den Mobilitätsbericht mit privat gewähltem M (und AUTO_VALUE_BOUNDS Zonenstatistiken mit LOWER/UPPER, gewählt innerhalb des angegebenen Bereichs): Jede Wahl kostet AUTO_SHARE von EPSILON (CHOICE_EPSILON), die Veröffentlichung behält den Rest wie bei ihrem Lauf (mit Gauß den Rest von Rho; der Mobilitätsbericht nimmt die Wahl aus EPSILON). Die Wahl hängt von den Daten ab, die der Planer nicht liest: Die Tabelle gilt für AUTO_MAX_BOUND und die angegebenen Schranken, das meiste Rauschen, das die Wahl ergeben kann, und EXPECTED_ABS_ERROR_TYPICAL_M für ein erwartetes M (TYPICAL_M). Laplace und Gauß im Vergleich ziehen die Wahl jeweils in der eigenen Abrechnung des Rauschens ab.&lt;/p&gt;&lt;p&gt;Jede Zeile von OUTPUT (Spalten setting_...) und die Ausgabe SETTINGS enthalten die Einstellungen, für die die Zahlen gelten.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Umkehrung.&lt;/b&gt; TARGET_MARGIN, TARGET_SPURIOUS oder TARGET_DISPLACEMENT liefern das Epsilon, ab dem das Ziel erreicht wird (EPSILON_FOR_MARGIN, EPSILON_FOR_SPURIOUS, EPSILON_FOR_DISPLACEMENT). OUTPUT ist eine Tabelle mit einer Zeile je Epsilon aus EPSILONS; OUTPUT_CHART eine HTML-Seite mit dem Diagramm.&lt;/p&gt;&lt;p&gt;Quellen: Kapp et al. 2023 §4.3 und §5 (Zählungen auf Nutzerebene, Quelle-Ziel-Fehler), Asghar, Tyler und Kaafar 2017 Algorithm 1, Dumont et al. 2021 §5; Mironov 2012 (Snapping).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_planner.py" line="157"/>
        <source>The delta of the stability threshold or of Gaussian noise; e.g. 1e-6. With DELTA above 0 the planner also shows Laplace and Gaussian noise side by side for zone counts, OD flows, zone sums and the mobility report at this delta, and says which gives the smaller error.</source>
        <translation>Das Delta der Stabilitätsschwelle oder des Gauß-Rauschens; z. B. 1e-6. Mit DELTA über 0 zeigt der Planer für Zonenzählungen, OD-Ströme, Zonensummen und den Mobilitätsbericht auch Laplace- und Gauß-Rauschen nebeneinander bei diesem Delta und sagt, welches den kleineren Fehler ergibt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_side_by_side.py" line="101"/>
        <source>Side by side with automatic M: thresholded releases are not zero-concentrated DP, so each keeps EPSILON less the choice's epsilon (basic composition): epsilon {rest:.4g}, at M = {m} (the largest candidate).</source>
        <translation>Nebeneinander mit automatischem M: Veröffentlichungen mit Schwelle sind nicht nullkonzentriert DP, daher behält jede EPSILON abzüglich des Epsilons der Wahl (einfache Komposition): Epsilon {rest:.4g}, bei M = {m} (dem größten Kandidaten).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_help.py" line="77"/>
        <source>&lt;p&gt;The mobility report's own trial run (DRY_RUN=true on dp_geoprivacy:mobilityreport, in QGIS and on Spark) gives the same rows for that run's settings, from the same function (SECTIONS_ACCURACY), after reading and checking its input.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Der eigene Probelauf des Mobilitätsberichts (DRY_RUN=true bei dp_geoprivacy:mobilityreport, in QGIS und auf Spark) gibt für die Einstellungen dieses Laufs dieselben Zeilen aus derselben Funktion an (SECTIONS_ACCURACY), nachdem er seine Eingabe gelesen und geprüft hat.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/accuracy_auto_bound.py" line="172"/>
        <source>The choice would weigh the noise on the declared AUTO_OCCUPANCY {share:g} (the share of zones expected to hold data: public, never read from the data, no epsilon); it moves which M is chosen, not the figures for a given M.</source>
        <translation>Die Wahl würde das Rauschen mit dem angegebenen AUTO_OCCUPANCY {share:g} gewichten (dem Anteil der Zonen, die erwartungsgemäß Daten enthalten: öffentlich, nie aus den Daten gelesen, kein Epsilon); er verschiebt, welches M gewählt wird, nicht die Zahlen für ein gegebenes M.</translation>
    </message>
</context>
<context>
    <name>AdaptiveGrid</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="58"/>
        <source>Adaptive zones (private quadtree)</source>
        <translation>Adaptive Zonen (privater Quadtree)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="61"/>
        <source>Private counts in zones that are small where there is data and large elsewhere.</source>
        <translation>Private Zählwerte in Zonen, die dort klein sind, wo Daten liegen, und sonst groß.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="64"/>
        <source>privacy,differential privacy,epsilon,PrivTree,quadtree,adaptive grid,density,counts,zones</source>
        <translation>Privatsphäre,Differential Privacy,Epsilon,PrivTree,Quadtree,adaptives Raster,Dichte,Zählwerte,Zonen,privacy,differential privacy,epsilon,adaptive grid,counts,zones</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="70"/>
        <source>Splits a public extent into squares, finer where there are many points (PrivTree), and publishes a noisy count per square.</source>
        <translation>Teilt eine öffentliche Ausdehnung in Quadrate, feiner wo viele Punkte liegen (PrivTree), und veröffentlicht je Quadrat eine verrauschte Zählung.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="70"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each point; with USER_FIELD each user with up to M points (user-level privacy). The squares themselves are chosen with differential privacy too.</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; jeder Punkt; mit USER_FIELD jede Nutzerin und jeder Nutzer mit bis zu M Punkten (Privatsphäre auf Nutzerebene). Auch die Quadrate selbst werden mit Differential Privacy gewählt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="70"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (EPSILON={epsilon:g}, M=1): each count within ±{moe:.2g} (95%); with a target of ±{target:g}%, squares are split only while their quarters can still meet it.</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (EPSILON={epsilon:g}, M=1): jede Zählung innerhalb von ±{moe:.2g} (95 %); mit einem Ziel von ±{target:g} % werden Quadrate nur geteilt, solange ihre Viertel es noch erreichen können.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="82"/>
        <source>&lt;p&gt;The EXTENT (the public study area, never taken from the points) is the first square; a square is cut into four while it holds enough points, judged with noise (Zhang, Xiao and Xie, "PrivTree: A Differentially Private Algorithm for Hierarchical Decompositions", SIGMOD 2016, Algorithm 2): a biased count (minus a fixed amount per level) plus Laplace noise must exceed a threshold. This choice costs TREE_SHARE x EPSILON however deep the tree grows (their Theorem 1). Each final square then gets a noisy count (Laplace with Mironov's snapping) for the rest of EPSILON; zeros are published too. Points outside the extent are one more noisy count (OUTSIDE_COUNT).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Target.&lt;/b&gt; TARGET_MARGIN (in %, e.g. 20) sets the threshold so that a square is split only when its noisy count suggests that its four quarters would each still have a 95% margin within that share of their count: readable cells in the suburbs, fine ones in the centre. 0: split wherever PrivTree finds data (threshold 0). Then four neighbouring squares that all miss the target are merged back into their parent (post-processing of the published counts: no privacy cost), repeatedly; a square that meets it is never merged away. A merged square's margin is that of a sum of noisy counts, so margins differ from square to square.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Unit of privacy.&lt;/b&gt; Without USER_FIELD one point; with USER_FIELD one user, who keeps at most M points, sampled uniformly (Kapp et al. 2023, "Towards Standardized Mobility Reports with User-Level Privacy", §4.3); the splitting is then run at TREE_SHARE x EPSILON / M per point, which protects a user's M points together (group privacy).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Output&lt;/b&gt;: one square per cell, in the extent's CRS, in a fixed order (Z-order, not by count): cell_id (depth/column/row), depth, noisy_count, moe95 (the true count is within noisy_count ± moe95 with 95% probability) and rel_moe95 (moe95 / noisy_count, empty where the count is not above 0). The layer loads with each cell labelled count ± margin.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Die EXTENT (das öffentliche Untersuchungsgebiet, nie aus den Punkten genommen) ist das erste Quadrat; ein Quadrat wird in vier geteilt, solange es genug Punkte enthält, mit Rauschen beurteilt (Zhang, Xiao und Xie, "PrivTree: A Differentially Private Algorithm for Hierarchical Decompositions", SIGMOD 2016, Algorithmus 2): eine verzerrte Zählung (minus einen festen Betrag je Ebene) plus Laplace-Rauschen muss eine Schwelle überschreiten. Diese Wahl kostet TREE_SHARE x EPSILON, wie tief der Baum auch wächst (ihr Theorem 1). Jedes endgültige Quadrat erhält dann eine verrauschte Zählung (Laplace mit Mironovs Snapping) für den Rest von EPSILON; auch Nullen werden veröffentlicht. Punkte außerhalb der Ausdehnung sind eine weitere verrauschte Zählung (OUTSIDE_COUNT).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Ziel.&lt;/b&gt; TARGET_MARGIN (in %, z. B. 20) setzt die Schwelle so, dass ein Quadrat nur geteilt wird, wenn seine verrauschte Zählung nahelegt, dass jedes seiner vier Viertel noch eine 95-%-Fehlerspanne innerhalb dieses Anteils seiner Zählung hätte: lesbare Zellen am Stadtrand, feine im Zentrum. 0: teilen, wo immer PrivTree Daten findet (Schwelle 0). Danach werden vier benachbarte Quadrate, die das Ziel alle verfehlen, wieder zu ihrem Elternquadrat zusammengefasst (Nachverarbeitung der veröffentlichten Zählungen: keine Privatsphäre-Kosten), wiederholt; ein Quadrat, das das Ziel erreicht, wird nie zusammengefasst. Die Fehlerspanne eines zusammengefassten Quadrats ist die einer Summe verrauschter Zählungen, daher unterscheiden sich die Fehlerspannen von Quadrat zu Quadrat.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Schutzeinheit.&lt;/b&gt; Ohne USER_FIELD ein Punkt; mit USER_FIELD eine Nutzerin oder ein Nutzer mit höchstens M Punkten, gleichmäßig zufällig gezogen (Kapp et al. 2023, "Towards Standardized Mobility Reports with User-Level Privacy", §4.3); die Teilung läuft dann mit TREE_SHARE x EPSILON / M je Punkt, was die M Punkte einer Person gemeinsam schützt (Gruppen-Privatsphäre).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Ausgabe&lt;/b&gt;: ein Quadrat je Zelle, im KBS der Ausdehnung, in fester Reihenfolge (Z-Ordnung, nicht nach Zählung): cell_id (Tiefe/Spalte/Zeile), depth, noisy_count, moe95 (die wahre Zählung liegt mit 95 % Wahrscheinlichkeit innerhalb von noisy_count ± moe95) und rel_moe95 (moe95 / noisy_count, leer, wo die Zählung nicht über 0 liegt). Der Layer wird mit der Beschriftung Zählung ± Fehlerspanne je Zelle geladen.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="108"/>
        <source>Input points</source>
        <translation>Eingabepunkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="110"/>
        <source>Study area (public extent)</source>
        <translation>Untersuchungsgebiet (öffentliche Ausdehnung)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="111"/>
        <source>The public area to split, in the CRS the squares are drawn in; chosen from knowledge of the study area, not from the points.</source>
        <translation>Das öffentliche Gebiet, das geteilt wird, im KBS, in dem die Quadrate gezeichnet werden; aus der Kenntnis des Untersuchungsgebiets gewählt, nicht aus den Punkten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="114"/>
        <source>Epsilon (privacy loss)</source>
        <translation>Epsilon (Privatsphäre-Verlust)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="117"/>
        <source>The privacy loss of the whole release (the splitting and the counts).</source>
        <translation>Der Privatsphäre-Verlust der ganzen Veröffentlichung (Teilung und Zählwerte).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="119"/>
        <source>Target margin (%)</source>
        <translation>Ziel-Fehlerspanne (%)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="122"/>
        <source>Split a square only while its quarters can keep their 95% margin within this share of their count; 0: no target.</source>
        <translation>Ein Quadrat nur teilen, solange seine Viertel ihre 95-%-Fehlerspanne innerhalb dieses Anteils ihrer Zählung halten können; 0: kein Ziel.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="125"/>
        <source>User id field</source>
        <translation>Feld Nutzerkennung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="128"/>
        <source>Maximum points per user (M)</source>
        <translation>Höchstzahl an Punkten je Nutzer (M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="131"/>
        <source>Share of epsilon for the splitting</source>
        <translation>Anteil von Epsilon für die Teilung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="134"/>
        <source>Deepest split</source>
        <translation>Tiefste Teilung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="137"/>
        <source>Round and clamp negative counts to zero</source>
        <translation>Runden und negative Zählwerte auf null setzen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="223"/>
        <source>Adaptive zones</source>
        <translation>Adaptive Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="145"/>
        <source>Epsilon spent</source>
        <translation>Verbrauchtes Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="145"/>
        <source>Delta spent</source>
        <translation>Verbrauchtes Delta</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="145"/>
        <source>Cells published</source>
        <translation>Veröffentlichte Zellen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="145"/>
        <source>Noisy count outside the extent</source>
        <translation>Verrauschte Zählung außerhalb der Ausdehnung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="154"/>
        <source>TARGET_MARGIN must be a percentage from 0 to 1000, e.g. 20.</source>
        <translation>TARGET_MARGIN muss ein Prozentwert von 0 bis 1000 sein, z. B. 20.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="163"/>
        <source>EXTENT has no CRS. Append one, e.g. '384000,390000,6670000,6676000 [EPSG:3067]'.</source>
        <translation>EXTENT hat kein KBS. Ergänzen Sie eines, z. B. '384000,390000,6670000,6676000 [EPSG:3067]'.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="166"/>
        <source>INPUT has no CRS: set the layer's CRS, then run again.</source>
        <translation>INPUT hat kein KBS: Legen Sie das KBS des Layers fest und starten Sie erneut.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="174"/>
        <source>Settings: {error}.</source>
        <translation>Einstellungen: {error}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="181"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="199"/>
        <source>Extent: {bounds} [{crs}].</source>
        <translation>Ausdehnung: {bounds} [{crs}].</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="199"/>
        <source>Counts rounded and clamped at zero (post-processing).</source>
        <translation>Zählwerte gerundet und negative Werte auf null gesetzt (Nachverarbeitung).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/adaptive_grid.py" line="190"/>
        <source>{kept} points counted, {dropped} left out (NULL user or beyond M per user).</source>
        <translation>{kept} Punkte gezählt, {dropped} ausgelassen (NULL-Benutzer oder über M je Benutzer).</translation>
    </message>
</context>
<context>
    <name>ConsistentCounts</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="94"/>
        <source>Counts the points in H3 hexagons at several resolutions and publishes every level with differential privacy, so that each hexagon's count is the sum of its children's.</source>
        <translation>Zählt die Punkte in H3-Sechsecken mehrerer Auflösungen und veröffentlicht jede Ebene mit Differential Privacy, sodass die Zählung jedes Sechsecks die Summe der Zählungen seiner Kinder ist.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="94"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each point; with USER_FIELD each user with up to M points (user-level privacy).</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; jeder Punkt; mit USER_FIELD jede Nutzerin und jeder Nutzer mit bis zu M Punkten (Privatsphäre auf Nutzerebene).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="94"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (EPSILON={epsilon:g} over {levels} levels, M=1): each count within ±{moe:.2g} (95%) before the levels are combined, and closer after.</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (EPSILON={epsilon:g} über {levels} Ebenen, M=1): jede Zählung innerhalb von ±{moe:.2g} (95 %), bevor die Ebenen kombiniert werden, danach genauer.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="139"/>
        <source>Input points</source>
        <translation>Eingabepunkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="141"/>
        <source>Study area (public extent)</source>
        <translation>Untersuchungsgebiet (öffentliche Ausdehnung)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="145"/>
        <source>Coarsest H3 resolution</source>
        <translation>Gröbste H3-Auflösung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="148"/>
        <source>Finest H3 resolution</source>
        <translation>Feinste H3-Auflösung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="167"/>
        <source>Epsilon (privacy loss)</source>
        <translation>Epsilon (Privatsphäre-Verlust)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="170"/>
        <source>The privacy loss of the whole release (all levels together).</source>
        <translation>Der Privatsphäre-Verlust der ganzen Veröffentlichung (alle Ebenen zusammen).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="172"/>
        <source>Epsilon split over levels</source>
        <translation>Aufteilung von Epsilon auf die Ebenen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="174"/>
        <source>Weights coarse to fine, e.g. '1,2,2'; empty: equal shares. A level with weight 0 is not measured and is estimated from its children.</source>
        <translation>Gewichte von grob nach fein, z. B. '1,2,2'; leer: gleiche Anteile. Eine Ebene mit Gewicht 0 wird nicht gemessen, sondern aus ihren Kindern geschätzt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="177"/>
        <source>User id field</source>
        <translation>Feld Nutzerkennung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="180"/>
        <source>Maximum points per user (M)</source>
        <translation>Höchstzahl an Punkten je Nutzer (M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="183"/>
        <source>Non-negative whole counts</source>
        <translation>Nichtnegative ganze Zählwerte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="338"/>
        <source>Consistent counts</source>
        <translation>Konsistente Zählwerte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="192"/>
        <source>Epsilon spent</source>
        <translation>Verbrauchtes Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="192"/>
        <source>Delta spent</source>
        <translation>Verbrauchtes Delta</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="192"/>
        <source>Levels</source>
        <translation>Ebenen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="192"/>
        <source>Rows written</source>
        <translation>Geschriebene Zeilen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="192"/>
        <source>Noisy count outside the cells</source>
        <translation>Verrauschte Zählung außerhalb der Zellen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="201"/>
        <source>COARSEST must be below FINEST, both from 0 to 15 (got {a} and {b}); e.g. 7 and 9.</source>
        <translation>COARSEST muss kleiner als FINEST sein, beide von 0 bis 15 (erhalten: {a} und {b}); z. B. 7 und 9.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="205"/>
        <source>At most five levels (COARSEST {a} to FINEST {b} is {n}): raise COARSEST.</source>
        <translation>Höchstens fünf Ebenen (COARSEST {a} bis FINEST {b} sind {n}): COARSEST erhöhen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="271"/>
        <source>SPLIT: {error}; e.g. '1,2,2' for three levels.</source>
        <translation>SPLIT: {error}; z. B. '1,2,2' für drei Ebenen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="274"/>
        <source>SPLIT: the finest level needs a share of epsilon above 0.</source>
        <translation>SPLIT: Die feinste Ebene braucht einen Anteil von Epsilon über 0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="221"/>
        <source>EXTENT is covered by no H3 cell; give an extent with an area.</source>
        <translation>EXTENT wird von keiner H3-Zelle abgedeckt; geben Sie eine Ausdehnung mit Fläche an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="275"/>
        <source>Levels: {levels} over {extent}.</source>
        <translation>Ebenen: {levels} über {extent}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="282"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="223"/>
        <source>Cells: H3 resolutions {levels} covering {extent}.</source>
        <translation>Zellen: H3-Auflösungen {levels}, die {extent} abdecken.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="296"/>
        <source>Expected absolute error per level: {mae}.</source>
        <translation>Erwarteter absoluter Fehler je Ebene: {mae}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="291"/>
        <source>{kept} points counted, {dropped} left out (NULL user or beyond M per user).</source>
        <translation>{kept} Punkte gezählt, {dropped} ausgelassen (NULL-Benutzer oder über M je Benutzer).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="79"/>
        <source>Consistent counts over H3 levels or zones</source>
        <translation>Konsistente Zählungen über H3-Ebenen oder Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="82"/>
        <source>Private point counts at several H3 resolutions, or zones and their districts, that add up exactly.</source>
        <translation>Private Punktzählungen in mehreren H3-Auflösungen, oder in Zonen und ihren Bezirken, die genau aufgehen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="86"/>
        <source>privacy,differential privacy,epsilon,hierarchy,consistent,H3,hexagon,counts,census,zones,districts</source>
        <translation>Datenschutz,Differential Privacy,Epsilon,Hierarchie,konsistent,H3,Sechseck,Zählungen,Zensus,Zonen,Bezirke</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="142"/>
        <source>The public area whose H3 cells are published; chosen from knowledge of the study area, not from the points. Needed for H3 levels, not with ZONES.</source>
        <translation>Das öffentliche Gebiet, dessen H3-Zellen veröffentlicht werden; aus Kenntnis des Untersuchungsgebiets gewählt, nicht aus den Punkten. Nötig für H3-Ebenen, nicht mit ZONES.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="151"/>
        <source>Zones (instead of H3 levels)</source>
        <translation>Zonen (statt H3-Ebenen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="154"/>
        <source>The finest level: public zones that do not overlap (blocks, traffic zones). Leave empty to use H3 levels.</source>
        <translation>Die feinste Ebene: öffentliche Zonen, die sich nicht überlappen (Blöcke, Verkehrszellen). Leer lassen für H3-Ebenen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="157"/>
        <source>Zone id field (empty: feature ids)</source>
        <translation>Zonen-ID-Feld (leer: Objekt-IDs)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="160"/>
        <source>Parent id fields (nearest level first)</source>
        <translation>Übergeordnete ID-Felder (nächste Ebene zuerst)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="163"/>
        <source>Fields of ZONES with the id of each zone's parent at every level above it, nearest first. They must form a tree: one parent per zone and level, and all zones of a district in the same city.</source>
        <translation>Felder von ZONES mit der ID der übergeordneten Einheit jeder Zone auf jeder höheren Ebene, die nächste zuerst. Sie müssen einen Baum bilden: eine übergeordnete Einheit je Zone und Ebene, und alle Zonen eines Bezirks in derselben Stadt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="214"/>
        <source>EXTENT: give the public study area whose H3 cells are published (or ZONES and PARENT_FIELDS for a hierarchy of zones).</source>
        <translation>EXTENT: das öffentliche Untersuchungsgebiet angeben, dessen H3-Zellen veröffentlicht werden (oder ZONES und PARENT_FIELDS für eine Hierarchie von Zonen).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="239"/>
        <source>Levels: {names} (parent-id fields of {zones}, checked to form a tree).</source>
        <translation>Ebenen: {names} (Felder der übergeordneten IDs von {zones}, als Baum geprüft).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="105"/>
        <source>&lt;p&gt;Counts the points in H3 hexagons at every resolution from COARSEST to FINEST (e.g. 7, 8 and 9) over a public EXTENT, and publishes all levels so that each hexagon's count is exactly the sum of its children's.&lt;/p&gt;&lt;p&gt;&lt;b&gt;How.&lt;/b&gt; EPSILON is split over the levels (SPLIT, e.g. '1,2,2' coarse to fine; empty: equal shares, as in Hay et al. 2010); every cell of every level gets Laplace noise of scale M / (its level's epsilon), zeros included, and the levels add up to EPSILON (sequential composition). Then least squares (Hay, Rastogi, Miklau and Suciu, "Boosting the accuracy of differentially private histograms through consistency", PVLDB 2010; with unequal shares, Cormode et al., "Differentially private spatial decompositions", ICDE 2012, §4) combines each cell's own noisy count with its children's and its parent's, so that the levels agree. With INTEGERS the counts are then rounded to non-negative integers that still add up (each parent's count shared among its children by their estimates, largest remainders first). Both steps are post-processing: no extra privacy cost.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Unit of privacy.&lt;/b&gt; Without USER_FIELD one point; with USER_FIELD one user, who keeps at most M points, sampled uniformly (Kapp et al. 2023, "Towards Standardized Mobility Reports with User-Level Privacy", §4.3). Points with a NULL user id are left out.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Cells&lt;/b&gt; are those of resolution FINEST overlapping EXTENT and their parents: public, never chosen from the points. Points outside them are one extra noisy count (OUTSIDE_COUNT).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zones instead of H3.&lt;/b&gt; Give ZONES (public, non-overlapping polygons, ids in ZONE_ID_FIELD) and PARENT_FIELDS, the fields holding each zone's parent ids, nearest level first (e.g. district_id, then city_id): the levels are then city, district and zone, and COARSEST, FINEST and EXTENT are not used. The hierarchy is public and checked: every zone needs a parent id in every field (no NULL), and all zones of one district must name the same city; otherwise the run is refused. SPLIT then lists one weight per level, coarse to fine (city, district, zone).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Output&lt;/b&gt;: one polygon layer with every level: level (0 = coarsest), resolution, cell_id, parent_id, noisy_count, mae (the expected absolute error of this level's counts) and moe95 (95% of counts are within this of the truth, before rounding); both figures come from simulating the noise alone, which needs no data. With ZONES the columns are level, level_name (the id field of that level), zone_id, parent_id, noisy_count, mae and moe95, and a parent's polygon is the union of its zones' polygons (dissolved).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Zählt die Punkte in H3-Sechsecken jeder Auflösung von COARSEST bis FINEST (z. B. 7, 8 und 9) über eine öffentliche EXTENT und veröffentlicht alle Ebenen so, dass die Zählung jedes Sechsecks genau die Summe der Zählungen seiner Kinder ist.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Wie.&lt;/b&gt; EPSILON wird auf die Ebenen aufgeteilt (SPLIT, z. B. '1,2,2' von grob nach fein; leer: gleiche Anteile wie bei Hay et al. 2010); jede Zelle jeder Ebene erhält Laplace-Rauschen der Skala M / (Epsilon ihrer Ebene), Nullen eingeschlossen, und die Ebenen summieren sich zu EPSILON (sequentielle Komposition). Dann kombiniert die Methode der kleinsten Quadrate (Hay, Rastogi, Miklau und Suciu, "Boosting the accuracy of differentially private histograms through consistency", PVLDB 2010; bei ungleichen Anteilen Cormode et al., "Differentially private spatial decompositions", ICDE 2012, §4) die eigene verrauschte Zählung jeder Zelle mit denen ihrer Kinder und ihres Elternteils, sodass die Ebenen übereinstimmen. Mit INTEGERS werden die Zählungen danach auf nichtnegative ganze Zahlen gerundet, die sich weiterhin aufsummieren (die Zählung jedes Elternteils wird nach den Schätzungen auf seine Kinder verteilt, größte Reste zuerst). Beide Schritte sind Nachverarbeitung: keine zusätzlichen Privatsphäre-Kosten.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Schutzeinheit.&lt;/b&gt; Ohne USER_FIELD ein Punkt; mit USER_FIELD eine Nutzerin oder ein Nutzer mit höchstens M Punkten, gleichmäßig zufällig gezogen (Kapp et al. 2023, "Towards Standardized Mobility Reports with User-Level Privacy", §4.3). Punkte mit NULL-Nutzerkennung werden ausgelassen.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zellen&lt;/b&gt; sind die Zellen der Auflösung FINEST, die EXTENT überlappen, und ihre Eltern: öffentlich, nie aus den Punkten gewählt. Punkte außerhalb davon sind eine zusätzliche verrauschte Zählung (OUTSIDE_COUNT).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zonen statt H3.&lt;/b&gt; Mit ZONES (öffentliche, nicht überlappende Polygone, IDs in ZONE_ID_FIELD) und PARENT_FIELDS, den Feldern mit den IDs der übergeordneten Einheiten jeder Zone, die nächste Ebene zuerst (z. B. district_id, dann city_id), sind die Ebenen Stadt, Bezirk und Zone; COARSEST, FINEST und EXTENT werden dann nicht verwendet. Die Hierarchie ist öffentlich und wird geprüft: Jede Zone braucht in jedem Feld eine übergeordnete ID (kein NULL), und alle Zonen eines Bezirks müssen dieselbe Stadt nennen; sonst wird der Lauf abgelehnt. SPLIT nennt dann ein Gewicht je Ebene, grob nach fein (Stadt, Bezirk, Zone).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Ausgabe&lt;/b&gt;: ein Polygonlayer mit allen Ebenen: level (0 = gröbste), resolution, cell_id, parent_id, noisy_count, mae (der erwartete absolute Fehler der Zählungen dieser Ebene) und moe95 (95 % der Zählungen liegen höchstens so weit von der Wahrheit entfernt, vor dem Runden); beide Werte stammen aus einer Simulation allein des Rauschens, die keine Daten braucht. Mit ZONES sind die Spalten level, level_name (das ID-Feld dieser Ebene), zone_id, parent_id, noisy_count, mae und moe95, und das Polygon einer übergeordneten Einheit ist die Vereinigung der Polygone ihrer Zonen (aufgelöst).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/consistent_counts.py" line="300"/>
        <source>One release in {levels} layers, one per level, and one ledger entry: release {release}, epsilon {epsilon:g} in all.</source>
        <translation>Eine Veröffentlichung in {levels} Layern, einer je Ebene, und ein Eintrag im Privatsphäre-Journal: Veröffentlichung {release}, insgesamt Epsilon {epsilon:g}.</translation>
    </message>
</context>
<context>
    <name>DpAlgorithm</name>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="77"/>
        <source>Location perturbation</source>
        <translation>Standortverrauschung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="82"/>
        <source>Calibration (not private)</source>
        <translation>Kalibrierung (nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="52"/>
        <source>{name} must be a finite number greater than 0 (got {value}). {hint}</source>
        <translation>{name} muss eine endliche Zahl größer als 0 sein (erhalten: {value}). {hint}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="78"/>
        <source>Noisy counts and flows</source>
        <translation>Verrauschte Zählwerte und Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="79"/>
        <source>Randomized response</source>
        <translation>Randomized Response</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="80"/>
        <source>Tessellations (public, no privacy cost)</source>
        <translation>Kachelungen (öffentlich, ohne Privatsphäre-Verlust)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="81"/>
        <source>Privacy accounting</source>
        <translation>Privatsphäre-Budget</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="225"/>
        <source>Field '{name}' is dropped: it {reason}.</source>
        <translation>Das Feld „{name}“ wird entfernt (Grund: {reason}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="262"/>
        <source>Identifier fields were kept (KEEP_IDENTIFIERS): they link rows to raw records. Do not publish this layer.</source>
        <translation>Identifikatorfelder wurden behalten (KEEP_IDENTIFIERS): Sie verknüpfen Zeilen mit den Rohdatensätzen. Veröffentlichen Sie diesen Layer nicht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="272"/>
        <source>A seed was given: the noise is reproducible. Do not publish this output.</source>
        <translation>Es wurde eine Zufallssaat angegeben: Das Rauschen ist reproduzierbar. Veröffentlichen Sie diese Ausgabe nicht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="221"/>
        <source>holds the true coordinates</source>
        <translation>enthält die wahren Koordinaten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="222"/>
        <source>has a distinct value in every row (an identifier)</source>
        <translation>hat in jeder Zeile einen anderen Wert (ein Identifikator)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="188"/>
        <source>Mechanism</source>
        <translation>Mechanismus</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="188"/>
        <source>Planar Laplace (Euclidean)</source>
        <translation>Planares Laplace (euklidisch)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="188"/>
        <source>Per-axis Laplace (L1, Dumont et al. 2021 eq. 14)</source>
        <translation>Achsenweises Laplace (L1, Dumont et al. 2021 eq. 14)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="172"/>
        <source>With a seed the noise is reproducible by anyone who knows it, so the output is not private against them. Leave empty for releases: noise then comes from numpy's Philox generator keyed from the operating system's cryptographic source. The output's metadata records whether a seed was used (never its value).</source>
        <translation>Mit einer Zufallssaat kann jeder, der sie kennt, das Rauschen reproduzieren; gegenüber diesen Personen ist die Ausgabe also nicht privat. Lassen Sie das Feld für Veröffentlichungen leer: Das Rauschen stammt dann aus numpys Philox-Generator, dessen Schlüssel aus der kryptographischen Zufallsquelle des Betriebssystems stammt. Die Metadaten der Ausgabe vermerken, ob eine Zufallssaat verwendet wurde (nie deren Wert).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="136"/>
        <source>{name} must be a finite number (got {value}).</source>
        <translation>{name} muss eine endliche Zahl sein (erhalten: {value}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="139"/>
        <source>{name} must be a whole number up to 2147483647 (got {value}).</source>
        <translation>{name} muss eine ganze Zahl bis 2147483647 sein (erhalten: {value}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="141"/>
        <source>{name} must be at least {minimum:g} (got {value}).</source>
        <translation>{name} muss mindestens {minimum:g} sein (erhalten: {value}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="143"/>
        <source>{name} must be at most {maximum:g} (got {value}).</source>
        <translation>{name} darf höchstens {maximum:g} sein (erhalten: {value}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="191"/>
        <source>{name} is the file of {input} ({path}): the input would be overwritten. Choose another file for {name}.</source>
        <translation>{name} ist die Datei von {input} ({path}): die Eingabe würde überschrieben. Wählen Sie eine andere Datei für {name}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="198"/>
        <source>{name}: {path} cannot be written here (no permission to write in {folder}). Choose a file in a folder you can write to.</source>
        <translation>{name}: {path} kann hier nicht geschrieben werden (keine Schreibberechtigung in {folder}). Wählen Sie eine Datei in einem Ordner, in den Sie schreiben dürfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="83"/>
        <source>Preparation (not private)</source>
        <translation>Vorbereitung (nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="239"/>
        <source>KEEP_IDENTIFIERS is for seeded study runs only (SEED set; the output is then not for publication). Clear KEEP_IDENTIFIERS, or set SEED for a study run.</source>
        <translation>KEEP_IDENTIFIERS ist nur für Studienläufe mit Seed (SEED gesetzt; die Ausgabe ist dann nicht zur Veröffentlichung). Heben Sie KEEP_IDENTIFIERS auf oder setzen Sie SEED für einen Studienlauf.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="248"/>
        <source>it holds coordinates of the true points (in some CRS)</source>
        <translation>es enthält Koordinaten der wahren Punkte (in irgendeinem KBS)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="249"/>
        <source>most of its values are shared by fewer than 10 rows, so it links a person's points (which could then be averaged) and the raw records</source>
        <translation>die meisten seiner Werte teilen weniger als 10 Zeilen, es verknüpft also die Punkte einer Person (die dann gemittelt werden könnten) und die Rohdatensätze</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="251"/>
        <source>it has too few values to check that it holds no coordinates</source>
        <translation>es hat zu wenige Werte, um zu prüfen, dass es keine Koordinaten enthält</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="253"/>
        <source>{p}: {fields} cannot be published with the perturbed locations: {details}. Remove them from {p}.</source>
        <translation>{p}: {fields} können nicht mit den verrauschten Orten veröffentlicht werden: {details}. Entfernen Sie sie aus {p}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="185"/>
        <source> (and the ledger would be lost)</source>
        <translation> (und das Journal ginge verloren)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="187"/>
        <source>{other} and {name} are the same file ({path}): one would replace the other{lost}. Choose a different file for each.</source>
        <translation>{other} und {name} sind dieselbe Datei ({path}): Die eine würde die andere ersetzen{lost}. Wählen Sie für jede eine eigene Datei.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="164"/>
        <source>Random seed (not for publication)</source>
        <translation>Zufallsstartwert (nicht zur Veröffentlichung)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="202"/>
        <source>Keep identifier fields (not for publication)</source>
        <translation>Kennungsfelder behalten (nicht zur Veröffentlichung)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="165"/>
        <source>LEDGER {path} is a folder, not a ledger file; give a file name.</source>
        <translation>LEDGER {path} ist ein Ordner, keine Journaldatei; geben Sie einen Dateinamen an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="176"/>
        <source>{name} is the layer '{layer}' of {input} ({path}): the input would be overwritten. Choose another table name for {name}.</source>
        <translation>{name} ist der Layer „{layer}“ von {input} ({path}): Die Eingabe würde überschrieben. Wählen Sie einen anderen Tabellennamen für {name}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/base.py" line="337"/>
        <source>Could not keep the memory layer {key}.</source>
        <translation>Der temporäre Layer {key} konnte nicht behalten werden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="119"/>
        <source>{name} {missing} is not a field of {layer} (its fields: {fields}). Choose one of {layer}'s fields.</source>
        <translation>{name} {missing} ist kein Feld von {layer} (seine Felder: {fields}). Wählen Sie eines der Felder von {layer}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/guard.py" line="46"/>
        <source>{algorithm} ran out of memory; nothing was written. Use a smaller input or smaller settings (bins, grid sizes, realizations).</source>
        <translation>{algorithm} hatte nicht genug Arbeitsspeicher; nichts wurde geschrieben. Verwenden Sie eine kleinere Eingabe oder kleinere Einstellungen (Klassen, Rastergrößen, Realisierungen).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/guard.py" line="51"/>
        <source>{algorithm} stopped on an unexpected error ({kind}: {error}); nothing was written. Please report it with your settings; the details are in the QGIS message log (tab {provider}).</source>
        <translation>{algorithm} wurde durch einen unerwarteten Fehler beendet ({kind}: {error}); nichts wurde geschrieben. Bitte melden Sie ihn mit Ihren Einstellungen; die Details stehen im QGIS-Meldungsprotokoll (Reiter {provider}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_checks.py" line="115"/>
        <source>{name}: several fields are separated by ';', not ',' (e.g. {example}).</source>
        <translation>{name}: Mehrere Felder werden durch ';' getrennt, nicht durch ',' (z. B. {example}).</translation>
    </message>
</context>
<context>
    <name>DpGeoprivacyPlugin</name>
    <message>
        <location filename="../dp_geoprivacy/plugin.py" line="87"/>
        <source>needs Python packages QGIS does not have: {missing}.</source>
        <translation>braucht Python-Pakete, die QGIS nicht hat: {missing}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/plugin.py" line="90"/>
        <source>Install them</source>
        <translation>Installieren</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/plugin.py" line="117"/>
        <source>The packages are installed; the algorithms are in the Processing toolbox.</source>
        <translation>Die Pakete sind installiert; die Algorithmen stehen in der Verarbeitungswerkzeugkiste.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/plugin.py" line="120"/>
        <source>The packages are installed: restart QGIS to use them.</source>
        <translation>Die Pakete sind installiert: QGIS neu starten, um sie zu nutzen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/plugin.py" line="123"/>
        <source>Installing failed; pip's output is in the log (View &gt; Panels &gt; Log Messages, DP Geoprivacy).</source>
        <translation>Die Installation ist fehlgeschlagen; die Ausgabe von pip steht im Protokoll (Ansicht &gt; Bedienfelder &gt; Protokollmeldungen, DP Geoprivacy).</translation>
    </message>
</context>
<context>
    <name>DpGeoprivacyProvider</name>
    <message>
        <location filename="../dp_geoprivacy/processing/provider.py" line="43"/>
        <source>DP Geoprivacy: differential privacy for location and travel data</source>
        <translation>DP Geoprivacy: Differential Privacy für Standort- und Mobilitätsdaten</translation>
    </message>
</context>
<context>
    <name>EscapeAnalysis</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="76"/>
        <source>Escaped-point analysis and noise calibration</source>
        <translation>Analyse entwichener Punkte und Rauschkalibrierung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="173"/>
        <source>Zones (e.g. census blocks)</source>
        <translation>Zonen (z. B. Zensusblöcke)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="175"/>
        <source>Zone id field (default: feature id)</source>
        <translation>Zonen-ID-Feld (Standard: Objekt-ID)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="182"/>
        <source>Laplace scales b in metres separated by commas, e.g. 10,20,50,100,200,500.</source>
        <translation>Laplace-Skalen b in Metern, durch Kommas getrennt, z. B. 10,20,50,100,200,500.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="184"/>
        <source>Realizations per scale</source>
        <translation>Realisierungen je Skala</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="188"/>
        <source>Random perturbations per scale; 10 as in Dumont et al. 2021, more for smoother curves.</source>
        <translation>Zufällige Verrauschungen je Skala; 10 wie in Dumont et al. 2021, mehr für glattere Kurven.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="191"/>
        <source>Target escape share (optional, e.g. 0.1)</source>
        <translation>Zielanteil entwichener Punkte (optional, z. B. 0.1)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="195"/>
        <source>A share between 0 and 1 (exclusive), e.g. 0.1 for 10% of points in the wrong zone.</source>
        <translation>Ein Anteil zwischen 0 und 1 (ausschließlich), z. B. 0.1 für 10 % der Punkte in der falschen Zone.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="201"/>
        <source>Locations this far apart are epsilon-indistinguishable, e.g. 100 (metres).</source>
        <translation>Standorte in diesem Abstand sind epsilon-ununterscheidbar, z. B. 100 (Meter).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="203"/>
        <source>Metric CRS for the noise (recommended)</source>
        <translation>Metrisches KBS für das Rauschen (empfohlen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="212"/>
        <source>A field present in both INPUT and PERTURBED that identifies each point, e.g. a household id.</source>
        <translation>Ein sowohl in INPUT als auch in PERTURBED vorhandenes Feld, das jeden Punkt identifiziert, z. B. eine Haushalts-ID.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="389"/>
        <source>Escape share per scale</source>
        <translation>Anteil entwichener Punkte je Skala</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="219"/>
        <source>Escape share per zone and scale</source>
        <translation>Anteil entwichener Punkte je Zone und Skala</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="223"/>
        <source>Chart: escape share against scale</source>
        <translation>Diagramm: Anteil entwichener Punkte gegen die Skala</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="223"/>
        <source>HTML files (*.html);;PNG files (*.png)</source>
        <translation>HTML-Dateien (*.html);;PNG-Dateien (*.png)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="226"/>
        <source>Calibrated scale b (metres)</source>
        <translation>Kalibrierte Skala b (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="227"/>
        <source>Calibrated epsilon</source>
        <translation>Kalibriertes Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="228"/>
        <source>Points outside every zone</source>
        <translation>Punkte außerhalb aller Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="229"/>
        <source>Points in zones</source>
        <translation>Punkte in Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="230"/>
        <source>Points skipped (no geometry)</source>
        <translation>Übersprungene Punkte (ohne Geometrie)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="231"/>
        <source>Points without a partner</source>
        <translation>Punkte ohne Partner</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="232"/>
        <source>Escape share (measure mode)</source>
        <translation>Anteil entwichener Punkte (Messmodus)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="244"/>
        <source>SCALES is empty. List the Laplace scales b to test, in metres, separated by commas (e.g. 10,20,50,100,200,500), or give PERTURBED and MATCH_FIELD to measure a perturbed layer.</source>
        <translation>SCALES ist leer. Geben Sie die zu testenden Laplace-Skalen b in Metern an, durch Kommas getrennt (z. B. 10,20,50,100,200,500), oder geben Sie PERTURBED und MATCH_FIELD an, um einen verrauschten Layer zu messen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="255"/>
        <source>SCALES must hold numbers greater than 0 (metres); '{token}' is not one. Write e.g. 10,20,50,100,200,500.</source>
        <translation>SCALES muss Zahlen größer als 0 enthalten (Meter); „{token}“ ist keine solche Zahl. Schreiben Sie z. B. 10,20,50,100,200,500.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="271"/>
        <source>PERTURBED needs MATCH_FIELD: choose a field present in both INPUT and PERTURBED (e.g. a household id) that pairs each true point with its perturbed copy.</source>
        <translation>PERTURBED erfordert MATCH_FIELD: Wählen Sie ein sowohl in INPUT als auch in PERTURBED vorhandenes Feld (z. B. eine Haushalts-ID), das jedem wahren Punkt seine verrauschte Kopie zuordnet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="281"/>
        <source>REALIZATIONS must be a whole number of at least 1 (got {value}); 10 is a common choice, more gives smoother curves.</source>
        <translation>REALIZATIONS muss eine ganze Zahl von mindestens 1 sein (erhalten: {value}); 10 ist ein üblicher Wert, mehr ergibt glattere Kurven.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="287"/>
        <source>TARGET_ESCAPE must be a share strictly between 0 and 1 (got {value}), e.g. 0.1 for 10% of points in the wrong zone; leave it empty to skip the calibration.</source>
        <translation>TARGET_ESCAPE muss ein Anteil echt zwischen 0 und 1 sein (erhalten: {value}), z. B. 0.1 für 10 % der Punkte in der falschen Zone; lassen Sie den Parameter leer, um die Kalibrierung auszulassen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="306"/>
        <source>MATCH_FIELD '{field}' is not a field of {layer}. Choose a field present in both INPUT and PERTURBED ({layer} has: {names}).</source>
        <translation>MATCH_FIELD „{field}“ ist kein Feld von {layer}. Wählen Sie ein sowohl in INPUT als auch in PERTURBED vorhandenes Feld ({layer} enthält: {names}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="329"/>
        <source>MATCH_FIELD is only used with PERTURBED; ignored.</source>
        <translation>MATCH_FIELD wird nur zusammen mit PERTURBED verwendet; wird ignoriert.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="340"/>
        <source>OUTPUT_CHART must end in .html or .png (got {path}).</source>
        <translation>OUTPUT_CHART muss auf .html oder .png enden (erhalten: {path}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="351"/>
        <source>{n} pairs of zones overlap: a point in an overlap belongs to the first of them in layer order.</source>
        <translation>{n} Zonenpaare überlappen sich: Ein Punkt in einer Überlappung gehört zur ersten dieser Zonen in Layerreihenfolge.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="375"/>
        <source>{n} points lie outside every zone: not in any P_i, reported as POINTS_OUTSIDE.</source>
        <translation>{n} Punkte liegen außerhalb aller Zonen: in keinem P_i enthalten, als POINTS_OUTSIDE gemeldet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="390"/>
        <source>Escape share per zone</source>
        <translation>Anteil entwichener Punkte je Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="406"/>
        <source>OUTPUT_CHART needs a sweep of scales; no chart in measure mode.</source>
        <translation>OUTPUT_CHART erfordert eine Skalenreihe; im Messmodus wird kein Diagramm erstellt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="420"/>
        <source>Escape share per zone (map: b = {b:g} m)</source>
        <translation>Anteil entwichener Punkte je Zone (Karte: b = {b:g} m)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="26"/>
        <source>{name} is in {crs}, ZONES in {zone_crs}: points reprojected to the zones' CRS for the point-in-polygon tests.</source>
        <translation>{name} liegt in {crs} vor, ZONES in {zone_crs}: Die Punkte werden für die Punkt-in-Polygon-Tests in das KBS der Zonen umprojiziert.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="47"/>
        <source>Noise drawn in {crs}.</source>
        <translation>Rauschen erzeugt in {crs}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="60"/>
        <source>{n} points, {z} zones, {s} scales x {r} realizations: {t} point tests.</source>
        <translation>{n} Punkte, {z} Zonen, {s} Skalen x {r} Realisierungen: {t} Punkttests.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="73"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="78"/>
        <source>b = {b:g} m: escape share {mean:.4f} (sd {sd:.4f}); zones with no net change {same:.3f}</source>
        <translation>b = {b:g} m: Anteil entwichener Punkte {mean:.4f} (Standardabw. {sd:.4f}); Zonen ohne Nettoänderung {same:.3f}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="89"/>
        <source>No point of INPUT lies in a zone of ZONES: nothing to analyse. Check that the layers cover the same area and that their CRSs are set correctly.</source>
        <translation>Kein Punkt aus INPUT liegt in einer Zone aus ZONES: Es gibt nichts zu analysieren. Prüfen Sie, ob die Layer dasselbe Gebiet abdecken und ob ihre KBS richtig gesetzt sind.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="103"/>
        <source>MATCH_FIELD '{field}' has repeated values in {layer}: it must identify each point once. Choose another field (e.g. a household id).</source>
        <translation>MATCH_FIELD „{field}“ enthält in {layer} wiederholte Werte: Das Feld muss jeden Punkt eindeutig identifizieren. Wählen Sie ein anderes Feld (z. B. eine Haushalts-ID).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="109"/>
        <source>No point of INPUT has a partner in PERTURBED with the same MATCH_FIELD '{field}' value. Choose the field that identifies points in both layers.</source>
        <translation>Kein Punkt aus INPUT hat in PERTURBED einen Partner mit demselben Wert in MATCH_FIELD „{field}“. Wählen Sie das Feld, das die Punkte in beiden Layern identifiziert.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="116"/>
        <source>{n} points have no partner in the other layer (or no MATCH_FIELD value) and are left out; see POINTS_UNMATCHED.</source>
        <translation>{n} Punkte haben keinen Partner im anderen Layer (oder keinen Wert in MATCH_FIELD) und werden ausgelassen; siehe POINTS_UNMATCHED.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="131"/>
        <source>PERTURBED's privacy record: {mechanism}, b = {b:g} m.</source>
        <translation>Privatsphäre-Angaben von PERTURBED: {mechanism}, b = {b:g} m.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="145"/>
        <source>Observed escape share: {share:.4f} of {n} matched points in zones.</source>
        <translation>Beobachteter Anteil entwichener Punkte: {share:.4f} von {n} zugeordneten Punkten in Zonen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="158"/>
        <source>Even the smallest scale ({b:g} m) lets more than {t:g} of points escape: no calibrated scale. Add smaller scales to SCALES.</source>
        <translation>Selbst bei der kleinsten Skala ({b:g} m) entweicht ein Anteil von mehr als {t:g} der Punkte: keine kalibrierte Skala. Fügen Sie SCALES kleinere Skalen hinzu.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="163"/>
        <source>Every scale meets the target {t:g}; CALIBRATED_SCALE is the largest one tested ({b:g} m). Add larger scales to SCALES to find the limit.</source>
        <translation>Jede Skala erfüllt den Zielwert {t:g}; CALIBRATED_SCALE ist die größte getestete Skala ({b:g} m). Fügen Sie SCALES größere Skalen hinzu, um die Grenze zu finden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="169"/>
        <source>Calibrated scale: b = {b:.4g} m (interpolated in log b between {lo:g} and {hi:g} m) for a mean escape share of {t:g}.</source>
        <translation>Kalibrierte Skala: b = {b:.4g} m (in log b interpoliert zwischen {lo:g} und {hi:g} m) für einen mittleren Anteil entwichener Punkte von {t:g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_steps.py" line="175"/>
        <source>Calibrated epsilon: {e:.4g}.</source>
        <translation>Kalibriertes Epsilon: {e:.4g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="484"/>
        <source>Share of points that escape their zone</source>
        <translation>Anteil der Punkte, die ihre Zone verlassen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="485"/>
        <source>Laplace scale b (m, log scale)</source>
        <translation>Laplace-Skala b (m, logarithmische Achse)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="485"/>
        <source>Share of points that escape (mean, band: 1 sd)</source>
        <translation>Anteil entwichener Punkte (Mittelwert, Band: 1 Standardabweichung)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="485"/>
        <source>target</source>
        <translation>Zielwert</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="485"/>
        <source>calibrated b</source>
        <translation>kalibriertes b</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="497"/>
        <source>The chart could not be drawn.</source>
        <translation>Das Diagramm konnte nicht gezeichnet werden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="260"/>
        <source>SCALES must hold numbers greater than 0 and at most 10,000,000 (metres); '{token}' is larger than any projected CRS. Write e.g. 10,20,50,100,200,500.</source>
        <translation>SCALES muss Zahlen größer als 0 und höchstens 10.000.000 enthalten (Meter); „{token}“ ist größer als jedes projizierte KBS. Schreiben Sie z. B. 10,20,50,100,200,500.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="83"/>
        <source>Measures which share of points Laplace noise of each scale moves out of their zone, and calibrates the noise (and epsilon) to a target share.</source>
        <translation>Misst, welchen Anteil der Punkte Laplace-Rauschen jeder Skala aus ihrer Zone verschiebt, und kalibriert das Rauschen (und Epsilon) auf einen Zielanteil.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="83"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; nothing: not differentially private, a calibration aid for the data holder computed from the true locations; do not publish its outputs.</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; nichts: nicht differenziell privat, eine Kalibrierhilfe für den Datenhalter, berechnet aus den wahren Orten; die Ausgaben nicht veröffentlichen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="83"/>
        <source>&lt;b&gt;Accuracy at the defaults:&lt;/b&gt; escape shares are averages of {r} noise draws per scale; the default scales move points {low:.0f} to {high:.0f} m on average.</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen:&lt;/b&gt; die Ausreißeranteile sind Mittel aus {r} Rauschziehungen je Skala; die voreingestellten Skalen verschieben Punkte im Mittel um {low:.0f} bis {high:.0f} m.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="94"/>
        <source>&lt;p&gt;&lt;b&gt;Not differentially private: the outputs contain statistics of the raw data.&lt;/b&gt; They are a calibration aid for the data holder, computed from the true locations; do not publish them. Their metadata says so.&lt;/p&gt;&lt;p&gt;Before perturbing household locations and counting them per census block, find out what share of points will land in the wrong zone, zone by zone and city-wide, and which noise scale keeps that share acceptable (Dumont et al. 2021 §5, Fig. 13-21). For every Laplace scale b in SCALES (metres) the points are perturbed REALIZATIONS times with MECHANISM (as in 'Laplace location perturbation'; per-axis Laplace is Dumont et al. 2021 eq. 14) and tested against the ZONES polygons. A point &lt;i&gt;escapes&lt;/i&gt; when its perturbed location lies in another zone or in none.&lt;/p&gt;&lt;p&gt;&lt;b&gt;OUTPUT_TABLE&lt;/b&gt;, one row per scale: scale_m, epsilon (= DISTANCE / b, when DISTANCE is given), b_lumped = b / sqrt(mean zone area), the dimensionless scale on which curves for different tessellations lie on one another (Dumont et al. 2021 Fig. 15), esc_share and esc_sd: the city-wide escape share sum P_i rho_i / sum P_i (Dumont et al. 2021 eq. 15), mean and standard deviation over realizations; no_change, no_chg_sd: the share of zones whose population has no net change (Fig. 16); abs_rel_ch, abs_rel_sd: the mean absolute relative change |Q_i - P_i| / P_i of zone populations, over zones with P_i &gt; 0; lost_out: mean number of points that left every zone; entered: mean number of points from outside every zone that landed in one; runs, n_points, n_outside, n_zones, n_empty.&lt;/p&gt;&lt;p&gt;&lt;b&gt;OUTPUT_ZONES&lt;/b&gt;, one polygon per zone and scale: zone_id, scale_m, epsilon, population P_i, esc_share and esc_sd (rho_i over realizations), net_change (mean Q_i - P_i), abs_rel_ch, and no_change (share of realizations with no net change). Loaded into a project it is drawn by escape share for one scale (the calibrated one, else the middle one); the table holds them all. &lt;b&gt;OUTPUT_CHART&lt;/b&gt; (.html with an inline SVG, or .png): escape share against scale with the sd band and the target.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Calibration.&lt;/b&gt; With TARGET_ESCAPE (a share, e.g. 0.1), CALIBRATED_SCALE is the largest scale in the sweep whose mean escape share is at most the target, refined towards the next larger scale by linear interpolation of the mean escape share in log b between the two bracketing sweep points. If every scale meets the target the largest is returned (extend SCALES); if none does, there is no result (add smaller scales). CALIBRATED_EPSILON = DISTANCE / CALIBRATED_SCALE.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Which points.&lt;/b&gt; With INPUT the escape shares, CALIBRATED_SCALE and CALIBRATED_EPSILON are statistics of the raw points: an epsilon chosen from them is a choice that depends on the data, which no privacy ledger counts (the log, the record and the chart say so). To choose for free, calibrate on public points: UNIFORM_POINTS (a number of points drawn uniformly over ZONES, in the zones' CRS; INPUT is then not read) or a public layer (e.g. address points or building centroids) as INPUT.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Rules.&lt;/b&gt; P_i counts the points in zone i; a point on a shared edge or in overlapping zones belongs to the first zone in layer order that it touches. Points in no zone are reported as POINTS_OUTSIDE, never dropped silently: they are perturbed too and count where they land. A zone with no points has P_i = 0: its escape share is empty (NULL), it weighs nothing in eq. 15, is left out of abs_rel_ch, and counts in no_change as unchanged when nothing lands in it. Standard deviations are sample ones (NULL with one realization). Each realization draws one noise vector per point and scales it by every b (common random numbers: smooth curves).&lt;/p&gt;&lt;p&gt;&lt;b&gt;CRSs.&lt;/b&gt; Points are reprojected to the zones' CRS when they differ (the log says so). Noise is drawn in METRIC_CRS (default: the zones' CRS if projected in metres, else the points' CRS if it is, provided it is true to scale within 1% over the data's area, else the UTM zone, else an azimuthal equidistant CRS: Web Mercator, for one, is in ground metres only near the equator); perturbed points are transformed back to the zones' CRS for the point-in-polygon tests, so zone edges are used exactly as stored.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Measuring an existing perturbation.&lt;/b&gt; Give PERTURBED (e.g. the output of 'Laplace location perturbation' run with KEEP_IDENTIFIERS, an internal study run) and MATCH_FIELD, a field present in both layers that pairs each true point with its perturbed copy (values compared as text; points without a partner are counted as POINTS_UNMATCHED). The outputs then hold the observed escapes of that one realization; SCALES, REALIZATIONS, MECHANISM and TARGET_ESCAPE are not used, and the scale is taken from PERTURBED's privacy record when it has one.&lt;/p&gt;&lt;p&gt;Speed: each perturbed point is tested against its own zone first (vectorised, prepared polygons); only escapers are located among all zones. Points are processed in chunks, so memory does not grow with scales and realizations.&lt;/p&gt;&lt;p&gt;Sources: Dumont et al. 2021 §5 (Fig. 13-21, eq. 14, eq. 15).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Nicht differenziell privat: Die Ausgaben enthalten Statistiken der Rohdaten.&lt;/b&gt; Sie sind eine Kalibrierungshilfe für den Dateninhaber und werden aus den wahren Standorten berechnet; veröffentlichen Sie sie nicht. Ihre Metadaten vermerken das.&lt;/p&gt;&lt;p&gt;Bevor Sie Haushaltsstandorte verrauschen und je Zensusblock zählen, finden Sie heraus, welcher Anteil der Punkte in der falschen Zone landen wird, Zone für Zone und stadtweit, und welche Rauschskala diesen Anteil in vertretbaren Grenzen hält (Dumont et al. 2021 §5, Fig. 13-21). Für jede Laplace-Skala b in SCALES (Meter) werden die Punkte REALIZATIONS-mal mit MECHANISM verrauscht (wie in „Laplace-Standortverrauschung“; achsenweises Laplace ist Dumont et al. 2021 eq. 14) und gegen die Polygone aus ZONES geprüft. Ein Punkt &lt;i&gt;entweicht&lt;/i&gt;, wenn sein verrauschter Standort in einer anderen Zone oder in keiner Zone liegt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;OUTPUT_TABLE&lt;/b&gt;, eine Zeile je Skala: scale_m, epsilon (= DISTANCE / b, wenn DISTANCE angegeben ist), b_lumped = b / sqrt(mittlere Zonenfläche), die dimensionslose Skala, auf der die Kurven verschiedener Kachelungen übereinanderliegen (Dumont et al. 2021 Fig. 15), esc_share und esc_sd: der stadtweite Anteil entwichener Punkte sum P_i rho_i / sum P_i (Dumont et al. 2021 eq. 15), Mittelwert und Standardabweichung über die Realisierungen; no_change, no_chg_sd: der Anteil der Zonen, deren Bevölkerung sich netto nicht ändert (Fig. 16); abs_rel_ch, abs_rel_sd: die mittlere absolute relative Änderung |Q_i - P_i| / P_i der Zonenbevölkerungen über die Zonen mit P_i &gt; 0; lost_out: mittlere Anzahl der Punkte, die jede Zone verlassen haben; entered: mittlere Anzahl der Punkte von außerhalb aller Zonen, die in einer Zone gelandet sind; runs, n_points, n_outside, n_zones, n_empty.&lt;/p&gt;&lt;p&gt;&lt;b&gt;OUTPUT_ZONES&lt;/b&gt;, ein Polygon je Zone und Skala: zone_id, scale_m, epsilon, Bevölkerung P_i, esc_share und esc_sd (rho_i über die Realisierungen), net_change (Mittelwert von Q_i - P_i), abs_rel_ch und no_change (Anteil der Realisierungen ohne Nettoänderung). In ein Projekt geladen, wird der Layer nach dem Anteil entwichener Punkte für eine Skala dargestellt (die kalibrierte, sonst die mittlere); die Tabelle enthält alle Skalen. &lt;b&gt;OUTPUT_CHART&lt;/b&gt; (.html mit eingebettetem SVG oder .png): Anteil entwichener Punkte gegen die Skala mit dem Band der Standardabweichung und dem Zielwert.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Kalibrierung.&lt;/b&gt; Mit TARGET_ESCAPE (einem Anteil, z. B. 0.1) ist CALIBRATED_SCALE die größte Skala der Reihe, deren mittlerer Anteil entwichener Punkte höchstens dem Zielwert entspricht, verfeinert in Richtung der nächstgrößeren Skala durch lineare Interpolation des mittleren Anteils in log b zwischen den beiden einschließenden Punkten der Reihe. Erfüllen alle Skalen den Zielwert, wird die größte zurückgegeben (erweitern Sie SCALES); erfüllt ihn keine, gibt es kein Ergebnis (fügen Sie kleinere Skalen hinzu). CALIBRATED_EPSILON = DISTANCE / CALIBRATED_SCALE.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Welche Punkte.&lt;/b&gt; Mit INPUT sind die Fluchtanteile, CALIBRATED_SCALE und CALIBRATED_EPSILON Statistiken der Rohpunkte: ein daraus gewähltes Epsilon ist eine von den Daten abhängige Wahl, die kein Datenschutz-Ledger zählt (Protokoll, Datensatz und Diagramm sagen das). Um kostenlos zu wählen, kalibrieren Sie auf öffentlichen Punkten: UNIFORM_POINTS (eine Anzahl gleichverteilt über ZONES gezogener Punkte, im KBS der Zonen; INPUT wird dann nicht gelesen) oder eine öffentliche Ebene (z. B. Adresspunkte oder Gebäudeschwerpunkte) als INPUT.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Regeln.&lt;/b&gt; P_i zählt die Punkte in Zone i; ein Punkt auf einer gemeinsamen Kante oder in überlappenden Zonen gehört zur ersten Zone in Layerreihenfolge, die er berührt. Punkte in keiner Zone werden als POINTS_OUTSIDE gemeldet und nie stillschweigend verworfen: Sie werden ebenfalls verrauscht und zählen dort, wo sie landen. Eine Zone ohne Punkte hat P_i = 0: Ihr Anteil entwichener Punkte ist leer (NULL), sie hat in eq. 15 kein Gewicht, bleibt bei abs_rel_ch unberücksichtigt und zählt bei no_change als unverändert, wenn nichts in ihr landet. Standardabweichungen sind Stichproben-Standardabweichungen (NULL bei einer einzigen Realisierung). Jede Realisierung zieht einen Rauschvektor je Punkt und skaliert ihn mit jedem b (gemeinsame Zufallszahlen: glatte Kurven).&lt;/p&gt;&lt;p&gt;&lt;b&gt;KBS.&lt;/b&gt; Die Punkte werden in das KBS der Zonen umprojiziert, wenn sich die KBS unterscheiden (das Protokoll vermerkt es). Das Rauschen wird in METRIC_CRS erzeugt (Standard: das KBS der Zonen, wenn es in Metern projiziert ist, sonst das KBS der Punkte, wenn dieses es ist, sofern es über dem Gebiet der Daten auf 1 % maßstabstreu ist, sonst die UTM-Zone, sonst ein mittabstandstreues azimutales KBS: Web Mercator etwa misst nur nahe dem Äquator Meter am Boden); die verrauschten Punkte werden für die Punkt-in-Polygon-Tests in das KBS der Zonen zurücktransformiert, sodass die Zonengrenzen genau so verwendet werden, wie sie gespeichert sind.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Eine vorhandene Verrauschung messen.&lt;/b&gt; Geben Sie PERTURBED an (z. B. die Ausgabe von „Laplace-Standortverrauschung“, ausgeführt mit KEEP_IDENTIFIERS in einem internen Studienlauf) sowie MATCH_FIELD, ein in beiden Layern vorhandenes Feld, das jedem wahren Punkt seine verrauschte Kopie zuordnet (Werte werden als Text verglichen; Punkte ohne Partner werden als POINTS_UNMATCHED gezählt). Die Ausgaben enthalten dann das beobachtete Entweichen dieser einen Realisierung; SCALES, REALIZATIONS, MECHANISM und TARGET_ESCAPE werden nicht verwendet, und die Skala wird den Privatsphäre-Angaben von PERTURBED entnommen, sofern vorhanden.&lt;/p&gt;&lt;p&gt;Geschwindigkeit: Jeder verrauschte Punkt wird zuerst gegen seine eigene Zone getestet (vektorisiert, mit vorbereiteten Polygonen); nur entwichene Punkte werden unter allen Zonen gesucht. Die Punkte werden in Blöcken verarbeitet, sodass der Speicherbedarf nicht mit der Zahl der Skalen und Realisierungen wächst.&lt;/p&gt;&lt;p&gt;Quellen: Dumont et al. 2021 §5 (Fig. 13-21, eq. 14, eq. 15).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="170"/>
        <source>e.g. 10000: points drawn uniformly over ZONES (in the zones' CRS); no data is read, so an epsilon chosen from the result is not a data-dependent choice.</source>
        <translation>z. B. 10000: gleichverteilt über ZONES gezogene Punkte (im KBS der Zonen); es werden keine Daten gelesen, ein aus dem Ergebnis gewähltes Epsilon ist also keine datenabhängige Wahl.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="440"/>
        <source>UNIFORM_POINTS is given: INPUT is not read.</source>
        <translation>UNIFORM_POINTS ist angegeben: INPUT wird nicht gelesen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="445"/>
        <source>UNIFORM_POINTS: {error}.</source>
        <translation>UNIFORM_POINTS: {error}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="446"/>
        <source>{n} points drawn uniformly over ZONES</source>
        <translation>{n} gleichverteilt über ZONES gezogene Punkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="449"/>
        <source>Give INPUT (the points to calibrate on) or UNIFORM_POINTS (a number of points drawn uniformly over ZONES, which reads no data).</source>
        <translation>Geben Sie INPUT (die Punkte, auf denen kalibriert wird) oder UNIFORM_POINTS an (eine Anzahl gleichverteilt über ZONES gezogener Punkte, wofür keine Daten gelesen werden).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="458"/>
        <source>The escape shares and the calibration were computed from points drawn uniformly over the zones (public): an epsilon chosen from them reveals nothing about the data.</source>
        <translation>Die Fluchtanteile und die Kalibrierung wurden aus gleichverteilt über die Zonen gezogenen Punkten berechnet (öffentlich): ein daraus gewähltes Epsilon verrät nichts über die Daten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="460"/>
        <source>The escape shares, CALIBRATED_SCALE and CALIBRATED_EPSILON were computed from the raw points of INPUT: an epsilon chosen from them is a choice that depends on the data, and no privacy ledger counts it. For a choice that costs nothing, calibrate on public points: UNIFORM_POINTS, or a public layer (e.g. address points) as INPUT.</source>
        <translation>Die Fluchtanteile, CALIBRATED_SCALE und CALIBRATED_EPSILON wurden aus den Rohpunkten von INPUT berechnet: ein daraus gewähltes Epsilon ist eine von den Daten abhängige Wahl, und kein Datenschutz-Ledger zählt sie. Für eine Wahl, die nichts kostet, kalibrieren Sie auf öffentlichen Punkten: UNIFORM_POINTS oder eine öffentliche Ebene (z. B. Adresspunkte) als INPUT.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="485"/>
        <source>Computed from points drawn uniformly over the zones (public)</source>
        <translation>Berechnet aus gleichverteilt über die Zonen gezogenen Punkten (öffentlich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="485"/>
        <source>NOT differentially private: statistics of the raw data; an epsilon chosen from it is not counted by any ledger</source>
        <translation>NICHT differentiell privat: Statistiken der Rohdaten; ein daraus gewähltes Epsilon zählt kein Ledger</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="178"/>
        <source>Laplace scales to test (m)</source>
        <translation>Zu prüfende Laplace-Skalen (m)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="197"/>
        <source>Protected distance (m)</source>
        <translation>Geschützte Entfernung (m)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="206"/>
        <source>Perturbed layer to measure</source>
        <translation>Zu messender verrauschter Layer</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="209"/>
        <source>Field pairing true and perturbed points</source>
        <translation>Feld, das wahre und verrauschte Punkte paart</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="163"/>
        <source>Input points</source>
        <translation>Eingabepunkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="165"/>
        <source>The true locations, or public points; leave empty with UNIFORM_POINTS.</source>
        <translation>Die wahren Orte oder öffentliche Punkte; leer lassen mit UNIFORM_POINTS.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/escape_analysis.py" line="167"/>
        <source>Uniform points to calibrate on</source>
        <translation>Gleichverteilte Punkte zur Kalibrierung</translation>
    </message>
</context>
<context>
    <name>ExampleModel</name>
    <message>
        <location filename="../dp_geoprivacy/processing/example_models.py" line="35"/>
        <source>Example models</source>
        <translation>Beispielmodelle</translation>
    </message>
</context>
<context>
    <name>H3Grid</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="45"/>
        <source>H3 hexagon grid</source>
        <translation>H3-Sechseckraster</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="83"/>
        <source>Extent (or layer) to cover</source>
        <translation>Abzudeckende Ausdehnung (oder Layer)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="84"/>
        <source>H3 resolution (0 coarsest - 15 finest)</source>
        <translation>H3-Auflösung (0 gröbste – 15 feinste)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="87"/>
        <source>An integer from 0 to 15; 8 gives hexagons of about 0.7 km².</source>
        <translation>Eine ganze Zahl von 0 bis 15; 8 ergibt Sechsecke von etwa 0,7 km².</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="89"/>
        <source>H3 hexagons</source>
        <translation>H3-Sechsecke</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="93"/>
        <source>Number of cells</source>
        <translation>Anzahl der Zellen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="107"/>
        <source>RESOLUTION must be a whole number from 0 to 15 (got {v}).</source>
        <translation>RESOLUTION muss eine ganze Zahl von 0 bis 15 sein (erhalten: {v}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="114"/>
        <source>INPUT is covered by no H3 cell; give an extent with an area.</source>
        <translation>INPUT wird von keiner H3-Zelle abgedeckt; geben Sie eine Ausdehnung mit einer Fläche an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="115"/>
        <source>{n} H3 cells of resolution {r} overlap {extent}.</source>
        <translation>{n} H3-Zellen der Auflösung {r} überlappen {extent}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="119"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="124"/>
        <source>{n} cells fall outside the area where {crs} is defined and were left out.</source>
        <translation>{n} Zellen liegen außerhalb des Gebiets, in dem {crs} definiert ist, und wurden ausgelassen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="50"/>
        <source>Creates the H3 hexagons of one RESOLUTION covering an extent: a public tessellation to count in.</source>
        <translation>Erzeugt die H3-Sechsecke einer RESOLUTION, die eine Ausdehnung überdecken: eine öffentliche Zerlegung zum Zählen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="50"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; nothing to protect: it reads no data and costs no privacy budget.</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; nichts zu schützen: liest keine Daten und kostet kein Privatsphäre-Budget.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="50"/>
        <source>&lt;b&gt;Accuracy:&lt;/b&gt; exact, no noise; at the default RESOLUTION={resolution} a hexagon covers {area:.3g} km² on average.</source>
        <translation>&lt;b&gt;Genauigkeit:&lt;/b&gt; exakt, kein Rauschen; bei der voreingestellten RESOLUTION={resolution} bedeckt ein Sechseck im Mittel {area:.3g} km².</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="137"/>
        <source>INPUT is a layer: the grid covers that layer's extent. If the layer holds data to protect, the grid shows where the data are and is not a public tessellation; releases on that layer refuse it as ZONES or EXTENT. Prefer a public extent (the study area's boundary, or typed coordinates).</source>
        <translation>INPUT ist eine Ebene: das Raster deckt deren Ausdehnung ab. Enthält die Ebene zu schützende Daten, zeigt das Raster, wo die Daten liegen, und ist keine öffentliche Zerlegung; Veröffentlichungen auf dieser Ebene lehnen es als ZONES oder EXTENT ab. Verwenden Sie besser eine öffentliche Ausdehnung (die Grenze des Untersuchungsgebiets oder eingetippte Koordinaten).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="141"/>
        <source>H3 hexagons (data-derived)</source>
        <translation>H3-Sechsecke (aus Daten abgeleitet)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/h3_grid.py" line="58"/>
        <source>&lt;p&gt;Creates the H3 hexagons (and the few pentagons) of one RESOLUTION that overlap an extent: a public tessellation to count in, for example as ZONES of Noisy zone counts (zone id field h3_index). It reads no data and costs no privacy budget.&lt;/p&gt;&lt;p&gt;INPUT is an extent or a layer (its extent is used; choose it from public knowledge of the study area). A grid made from a layer's extent records so in its metadata (not a public tessellation if the layer holds the data), and releases on that same layer refuse it as ZONES or EXTENT; a layer (or a copy of it) given as a release's EXTENT is refused too. Every location in the extent lies in one output cell. Resolution 0 is the coarsest (cells of about 4 million km²), 15 the finest (about 1 m²); the ITMS report compares 6, 7 and 8 (about 36, 5 and 0.7 km²) and uses 7.&lt;/p&gt;&lt;p&gt;Output: polygons in the extent's CRS with fields h3_index (the 15-character hexadecimal H3 id) and resolution, ordered by h3_index. Edges are straight lines between the H3 vertices in longitude/latitude (densified for resolutions 0-4 before reprojection); which cell a point is in is decided by H3 itself. Cells crossing the antimeridian are split there into two parts (one multipolygon). Extents reaching a pole are refused: the cell around a pole cannot be drawn in longitude/latitude. At most {limit:,} cells are made in one run.&lt;/p&gt;&lt;p&gt;Sources: the ITMS report §II C (H3 geospatial indexing) and §III A (choice of resolution).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Erzeugt die H3-Sechsecke (und die wenigen Fünfecke) einer Auflösung RESOLUTION, die eine Ausdehnung überlappen: eine öffentliche Kachelung zum Zählen, zum Beispiel als ZONES für „Verrauschte Zählwerte je Zone“ (Zonen-ID-Feld h3_index). Der Algorithmus liest keine Daten und verbraucht kein Privatsphäre-Budget.&lt;/p&gt;&lt;p&gt;INPUT ist eine Ausdehnung oder eine Ebene (deren Ausdehnung verwendet wird; wählen Sie sie aus öffentlichem Wissen über das Untersuchungsgebiet). Ein Raster, das aus der Ausdehnung einer Ebene erzeugt wurde, vermerkt das in seinen Metadaten (keine öffentliche Zerlegung, wenn die Ebene die Daten enthält), und Veröffentlichungen auf derselben Ebene lehnen es als ZONES oder EXTENT ab; eine Ebene (oder eine Kopie davon), die als EXTENT einer Veröffentlichung angegeben wird, wird ebenfalls abgelehnt. Jeder Ort in der Ausdehnung liegt in genau einer Ausgabezelle. Auflösung 0 ist die gröbste (Zellen von etwa 4 Millionen km²), 15 die feinste (etwa 1 m²); ITMS-Bericht vergleicht 6, 7 und 8 (etwa 36, 5 und 0,7 km²) und verwendet 7.&lt;/p&gt;&lt;p&gt;Ausgabe: Polygone im KBS der Ausdehnung mit den Feldern h3_index (die 15-stellige hexadezimale H3-ID) und resolution, sortiert nach h3_index. Die Kanten sind gerade Linien zwischen den H3-Eckpunkten in geographischer Länge/Breite (für die Auflösungen 0–4 vor der Umprojektion verdichtet); in welcher Zelle ein Punkt liegt, entscheidet H3 selbst. Zellen, die den Antimeridian überqueren, werden dort in zwei Teile geteilt (ein Multipolygon). Ausdehnungen, die einen Pol erreichen, werden abgelehnt: Die Zelle um einen Pol lässt sich in geographischer Länge/Breite nicht zeichnen. Pro Lauf werden höchstens {limit:,} Zellen erzeugt.&lt;/p&gt;&lt;p&gt;Quellen: ITMS-Bericht §II C (H3 geospatial indexing) und §III A (Wahl der Auflösung).&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>LaplacePerturbation</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="62"/>
        <source>Laplace location perturbation</source>
        <translation>Laplace-Standortverrauschung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="123"/>
        <source>Input points</source>
        <translation>Eingabepunkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="135"/>
        <source>Protected distance (metres)</source>
        <translation>Geschützter Abstand (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="141"/>
        <source>Snap output to grid (metres, 0 = no snapping)</source>
        <translation>Ausgabe am Gitter ausrichten (Meter, 0 = keine Ausrichtung)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="236"/>
        <source>Perturbed points</source>
        <translation>Verrauschte Punkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="166"/>
        <source>Points written</source>
        <translation>Geschriebene Punkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="167"/>
        <source>Epsilon spent</source>
        <translation>Verbrauchtes Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="168"/>
        <source>Noise scale b (metres)</source>
        <translation>Rauschskala b (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="247"/>
        <source>Some perturbed points fell outside the CRS's valid area and were dropped.</source>
        <translation>Einige verrauschte Punkte lagen außerhalb des Gültigkeitsbereichs des KBS und wurden verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="133"/>
        <source>Smaller epsilon gives more noise and more privacy; 1 is a common choice.</source>
        <translation>Ein kleineres Epsilon bedeutet mehr Rauschen und mehr Privatsphäre; 1 ist ein üblicher Wert.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="139"/>
        <source>Locations this far apart are epsilon-indistinguishable, e.g. 100 (metres).</source>
        <translation>Standorte in diesem Abstand sind epsilon-ununterscheidbar, z. B. 100 (Meter).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="68"/>
        <source>Moves every point by random noise (geo-indistinguishability) and publishes the moved points.</source>
        <translation>Verschiebt jeden Punkt um zufälliges Rauschen (Geo-Ununterscheidbarkeit) und veröffentlicht die verschobenen Punkte.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="68"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (EPSILON={epsilon:g}, DISTANCE={distance:g} m): a point moves {mean:.0f} m on average, 95% of points within {q95:.0f} m.</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (EPSILON={epsilon:g}, DISTANCE={distance:g} m): ein Punkt wird im Mittel um {mean:.0f} m verschoben, 95 % der Punkte um höchstens {q95:.0f} m.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="68"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each point's true location, for the household, stop or person behind it: two locations DISTANCE metres apart are EPSILON-indistinguishable. Attributes: only those listed in FIELDS, not protected.</source>
        <translation>&lt;b&gt;Privat:&lt;/b&gt; der wahre Ort jedes Punkts, für den Haushalt, den Halt oder die Person dahinter: zwei Orte im Abstand von DISTANCE Metern sind EPSILON-ununterscheidbar. Attribute: nur die in FIELDS aufgeführten, ungeschützt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="79"/>
        <source>&lt;p&gt;Moves every point by random noise so that no published location pins down where a household, stop or tap really was.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Privacy.&lt;/b&gt; Two true locations DISTANCE metres apart are EPSILON-indistinguishable: whatever an observer sees, it is at most e^EPSILON times more likely under one than the other. Noise scale b = DISTANCE / EPSILON metres. The unit of privacy is one location: a person with several points is protected per point, not as a whole.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Mechanisms.&lt;/b&gt; Planar Laplace (geo-indistinguishability): density proportional to exp(-EPSILON d / DISTANCE) with Euclidean d; the displacement has a uniform direction and a Gamma(2, b) distance (mean 2b). Per-axis Laplace (Dumont et al. 2021 §5, eq. 14): independent Laplace(b) on x and y; DISTANCE is then measured as |dx| + |dy|.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Where the noise is drawn&lt;/b&gt; is chosen from public facts only, never from the data (the record and the log say the same whatever the points): METRIC_CRS if given, else the layer's CRS, each only when projected in metres and true to scale (within 1%) over its whole area of use (a UTM zone, a national grid). Otherwise (longitude/latitude, Web Mercator, a continental projection) planar Laplace is drawn per point on the WGS 84 ellipsoid: each point travels its noise distance along a geodesic in a uniform direction. Per-axis Laplace needs a planar CRS (set METRIC_CRS). A METRIC_CRS QGIS cannot read, or one not true to scale over its area of use, is refused; so is a noise scale too large for the frame. DISTANCE / EPSILON below GRID (or below 1 cm) is refused: the noise would vanish in the snapping and most points would be published where they are. The output is written in the input's CRS, snapped to a GRID-metre grid (the floating-point mitigation of Mironov 2012; on the ellipsoid, to GRID / 111,320 degrees in a longitude/latitude layer). The points are read once. Row order is shuffled; no field shows the displacement. Features without geometry or with an empty geometry are skipped and counted in the log. Z and M values are dropped.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Attributes are opt-in:&lt;/b&gt; none is published unless listed in FIELDS (advanced), and listed fields are published as they are, not protected. A listed field is refused when it would undo the noise: a number that a smooth function of the true location explains (coordinates in any CRS, also with NULLs in some rows or rounded), a number with too few values to check, or a field whose value most rows share with fewer than 10 rows (record, person, household or card ids and their copies, which link a person's points so that they can be averaged). Listing fields costs one more pass over the layer. Rare combinations of other attributes can still identify people. KEEP_IDENTIFIERS (advanced) lets id fields through in seeded study runs only (SEED set); the output's metadata then says it must not be published.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Budget.&lt;/b&gt; LEDGER (your private file), BUDGET and PARTITION record this release and stop a run that would exceed the source's budget before any noise is drawn; see dp_geoprivacy:privacyreport.&lt;/p&gt;&lt;p&gt;Sources: Dumont et al. 2021 §3.4 (eq. 7) and §5 (eq. 14); Andrés et al. 2013.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Verschiebt jeden Punkt um zufälliges Rauschen, sodass kein veröffentlichter Standort verrät, wo sich ein Haushalt, eine Haltestelle oder ein Fahrkarten-Check-in tatsächlich befand.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Privatsphäre.&lt;/b&gt; Zwei wahre Standorte, die DISTANCE Meter voneinander entfernt sind, sind EPSILON-ununterscheidbar: Was auch immer ein Beobachter sieht, ist unter dem einen höchstens e^EPSILON-mal so wahrscheinlich wie unter dem anderen. Rauschskala b = DISTANCE / EPSILON Meter. Die Schutzeinheit ist ein einzelner Standort: Eine Person mit mehreren Punkten ist je Punkt geschützt, nicht als Ganzes.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Mechanismen.&lt;/b&gt; Planares Laplace (Geo-Ununterscheidbarkeit): Dichte proportional zu exp(-EPSILON d / DISTANCE) mit euklidischem Abstand d; die Verschiebung hat eine gleichverteilte Richtung und eine Gamma(2, b)-verteilte Länge (Mittelwert 2b). Achsenweises Laplace (Dumont et al. 2021 §5, eq. 14): unabhängiges Laplace(b) auf x und y; DISTANCE wird dann als |dx| + |dy| gemessen.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Wo das Rauschen gezogen wird&lt;/b&gt;, wird nur aus öffentlichen Fakten gewählt, nie aus den Daten (Datensatz und Protokoll sagen dasselbe, welche Punkte auch immer): METRIC_CRS, falls angegeben, sonst das KBS der Ebene, jeweils nur, wenn es in Metern projiziert und über seinen ganzen Anwendungsbereich maßstabstreu (innerhalb 1 %) ist (eine UTM-Zone, ein Landeskoordinatensystem). Andernfalls (Länge/Breite, Web Mercator, eine kontinentale Projektion) wird planares Laplace-Rauschen für jeden Punkt auf dem WGS-84-Ellipsoid gezogen: jeder Punkt legt seine Rauschdistanz entlang einer Geodäte in gleichverteilter Richtung zurück. Achsenweises Laplace braucht ein ebenes KBS (METRIC_CRS setzen). Ein METRIC_CRS, das QGIS nicht lesen kann oder das über seinen Anwendungsbereich nicht maßstabstreu ist, wird abgelehnt; ebenso eine Rauschskala, die der Rahmen nicht tragen kann. DISTANCE / EPSILON unter GRID (oder unter 1 cm) wird abgelehnt: das Rauschen verschwände im Raster und die meisten Punkte würden an ihrem Ort veröffentlicht. Die Ausgabe wird im KBS der Eingabe geschrieben, auf ein GRID-Meter-Raster gerundet (die Gleitkomma-Abschwächung nach Mironov 2012; auf dem Ellipsoid in einer Längen/Breiten-Ebene auf GRID / 111.320 Grad). Die Punkte werden einmal gelesen. Die Zeilenreihenfolge wird gemischt; kein Feld zeigt die Verschiebung. Objekte ohne Geometrie oder mit leerer Geometrie werden übersprungen und im Protokoll gezählt. Z- und M-Werte werden verworfen.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Attribute nur auf Wunsch:&lt;/b&gt; keines wird veröffentlicht, wenn es nicht in FIELDS (erweitert) aufgeführt ist, und aufgeführte Felder werden unverändert veröffentlicht, ungeschützt. Ein aufgeführtes Feld wird abgelehnt, wenn es das Rauschen aufheben würde: eine Zahl, die eine glatte Funktion des wahren Orts erklärt (Koordinaten in einem beliebigen KBS, auch mit NULL in manchen Zeilen oder gerundet), eine Zahl mit zu wenigen Werten für die Prüfung, oder ein Feld, dessen Wert die meisten Zeilen mit weniger als 10 Zeilen teilen (Datensatz-, Personen-, Haushalts- oder Karten-IDs und ihre Kopien, die die Punkte einer Person verknüpfen, sodass sie gemittelt werden können). Aufgeführte Felder kosten einen weiteren Durchlauf über die Ebene. Seltene Kombinationen anderer Attribute können Personen weiterhin erkennbar machen. KEEP_IDENTIFIERS (erweitert) lässt ID-Felder nur in Studienläufen mit Seed durch (SEED gesetzt); die Metadaten der Ausgabe sagen dann, dass sie nicht veröffentlicht werden darf.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Budget.&lt;/b&gt; LEDGER (Ihre private Datei), BUDGET und PARTITION erfassen diese Veröffentlichung und stoppen einen Lauf, der das Budget der Datenquelle überschreiten würde, bevor Rauschen erzeugt wird; siehe dp_geoprivacy:privacyreport.&lt;/p&gt;&lt;p&gt;Quellen: Dumont et al. 2021 §3.4 (eq. 7) und §5 (eq. 14); Andrés et al. 2013.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="147"/>
        <source>Metric CRS for the noise (optional)</source>
        <translation>Metrisches KBS für das Rauschen (optional)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="152"/>
        <source>Fields to carry (default: none)</source>
        <translation>Mitzuführende Felder (Standard: keine)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="155"/>
        <source>Attributes published as they are with each moved point (not protected). Fields holding coordinates or linking rows (ids) are refused.</source>
        <translation>Attribute, die unverändert mit jedem verschobenen Punkt veröffentlicht werden (ungeschützt). Felder mit Koordinaten oder zeilenverknüpfende Felder (IDs) werden abgelehnt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="180"/>
        <source>DISTANCE is too small for this output: {error}. Raise DISTANCE (or lower EPSILON) so that DISTANCE / EPSILON is at least GRID, or lower GRID.</source>
        <translation>DISTANCE ist für diese Ausgabe zu klein: {error}. Erhöhen Sie DISTANCE (oder senken Sie EPSILON), sodass DISTANCE / EPSILON mindestens GRID ist, oder senken Sie GRID.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="193"/>
        <source>Per-axis Laplace (MECHANISM=1)</source>
        <translation>Achsenweises Laplace (MECHANISM=1)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="197"/>
        <source>Noise scale b = {b:g} m.</source>
        <translation>Rauschskala b = {b:g} m.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="222"/>
        <source>{name} has no features with a point geometry ({null} null, {empty} empty).</source>
        <translation>{name} hat keine Objekte mit Punktgeometrie ({null} ohne Geometrie, {empty} leer).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="244"/>
        <source>Skipped {null} features with no geometry and {empty} with an empty geometry.</source>
        <translation>{null} Objekte ohne Geometrie und {empty} mit leerer Geometrie übersprungen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/laplace_perturbation.py" line="129"/>
        <source>Epsilon (privacy loss)</source>
        <translation>Epsilon (Privatsphäreverlust)</translation>
    </message>
</context>
<context>
    <name>MobilityReport</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="132"/>
        <source>Mobility report (user-level differential privacy)</source>
        <translation>Mobilitätsbericht (Differential Privacy auf Personenebene)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="148"/>
        <source>Trip records (one row per trip start and end)</source>
        <translation>Wegdatensätze (eine Zeile je Wegbeginn und Wegende)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="150"/>
        <source>User id field</source>
        <translation>Feld der Personen-ID</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="150"/>
        <source>Timestamp field (start time for trip lines)</source>
        <translation>Zeitstempelfeld (Startzeit bei Weglinien)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="150"/>
        <source>End time field (trip lines only; optional)</source>
        <translation>Feld der Endzeit (nur Weglinien; optional)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="150"/>
        <source>Y field</source>
        <translation>Y-Feld</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="162"/>
        <source>Epsilon for the whole report</source>
        <translation>Epsilon für den ganzen Bericht</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="165"/>
        <source>Maximum trips per user (M)</source>
        <translation>Höchstzahl Wege je Person (M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="168"/>
        <source>Analyses</source>
        <translation>Analysen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="174"/>
        <source>Maximum travel time (minutes)</source>
        <translation>Höchste Reisezeit (Minuten)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="175"/>
        <source>Maximum jump length (km)</source>
        <translation>Höchste Sprungweite (km)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="176"/>
        <source>Maximum time between trips (hours)</source>
        <translation>Höchste Zeit zwischen Wegen (Stunden)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="177"/>
        <source>Maximum radius of gyration (km)</source>
        <translation>Höchster Gyrationsradius (km)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="188"/>
        <source>Maximum distinct zones per user (0: 2M)</source>
        <translation>Höchstzahl verschiedener Zonen je Person (0: 2M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="193"/>
        <source>Public end of the time range (exclusive)</source>
        <translation>Öffentliches Ende des Zeitraums (ausschließlich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="195"/>
        <source>Number of top OD flows</source>
        <translation>Anzahl der stärksten Quelle-Ziel-Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="206"/>
        <source>Mobility report (HTML)</source>
        <translation>Mobilitätsbericht (HTML)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="225"/>
        <source>HTML files (*.html)</source>
        <translation>HTML-Dateien (*.html)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/spark/mobility_report.py" line="327"/>
        <source>Visits per zone</source>
        <translation>Besuche je Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/spark/mobility_report.py" line="327"/>
        <source>Top OD flows</source>
        <translation>Stärkste Quelle-Ziel-Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="228"/>
        <source>Benchmark table (NOT differentially private)</source>
        <translation>Vergleichstabelle (NICHT differentiell privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="247"/>
        <source>TIME_START and TIME_END must both be dates (e.g. 2024-01-01 and 2024-02-01), the start before the end.</source>
        <translation>TIME_START und TIME_END müssen beide Datumsangaben sein (z. B. 2024-01-01 und 2024-02-01), der Beginn vor dem Ende.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="264"/>
        <source>BENCHMARK needs OUTPUT_BENCHMARK or OUTPUT_BENCHMARK_TABLE (the comparison is written there).</source>
        <translation>BENCHMARK braucht OUTPUT_BENCHMARK oder OUTPUT_BENCHMARK_TABLE (dorthin wird der Vergleich geschrieben).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="271"/>
        <source>Trips over time is left out: it needs the public TIME_START and TIME_END.</source>
        <translation>Wege im Zeitverlauf entfällt: dafür sind die öffentlichen TIME_START und TIME_END nötig.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="280"/>
        <source>BUDGET_SPLIT weights must be numbers &gt;= 0, at least one of the chosen analyses above 0 (got '{text}').</source>
        <translation>Die Gewichte in BUDGET_SPLIT müssen Zahlen &gt;= 0 sein, mindestens eine der gewählten Analysen über 0 (erhalten: '{text}').</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="286"/>
        <source>{name} must be a number &gt; 0.</source>
        <translation>{name} muss eine Zahl &gt; 0 sein.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="300"/>
        <source>No trip start or end lies inside the zones: check that the records and ZONES (or EXTENT) overlap and that the CRS is right.</source>
        <translation>Kein Wegbeginn und kein Wegende liegt in den Zonen: prüfen Sie, ob sich die Datensätze und ZONES (oder EXTENT) überlappen und ob das KBS stimmt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="314"/>
        <source>ITEM_LEVEL: every trip is its own unit of privacy (M = 1); a person with many trips is not protected as a whole (Kapp et al. 2023 §4.2).</source>
        <translation>ITEM_LEVEL: jeder Weg ist eine eigene Schutzeinheit (M = 1); eine Person mit vielen Wegen ist nicht als Ganzes geschützt (Kapp et al. 2023 §4.2).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="332"/>
        <source>Every record has a NULL user id in USER_FIELD.</source>
        <translation>Jeder Datensatz hat eine NULL-Personen-ID in USER_FIELD.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="342"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="371"/>
        <source>BENCHMARK: the comparison is computed from the exact data and is NOT differentially private. Do not publish it.</source>
        <translation>BENCHMARK: der Vergleich wird aus den exakten Daten berechnet und ist NICHT differentiell privat. Veröffentlichen Sie ihn nicht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="373"/>
        <source>NOT differentially private: benchmark of the report against the noise-free data (Kapp et al. 2023 §5.2.3).</source>
        <translation>NICHT differentiell privat: Vergleich des Berichts mit den Daten ohne Rauschen (Kapp et al. 2023 §5.2.3).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/spark/mobility_report.py" line="324"/>
        <source>Mobility report</source>
        <translation>Mobilitätsbericht</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="138"/>
        <source>Publishes the standard mobility report (Kapp et al. 2023): trips per hour and weekday, visits per zone, top OD flows, travel times and more, as an HTML page and two layers.</source>
        <translation>Veröffentlicht den Standard-Mobilitätsbericht (Kapp et al. 2023): Fahrten je Stunde und Wochentag, Besuche je Zone, größte OD-Ströme, Reisezeiten und mehr, als HTML-Seite und zwei Layer.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="138"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each user with up to M trips (user-level privacy), for the traveller.</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; jede Nutzerin und jeder Nutzer mit bis zu M Fahrten (Privatsphäre auf Nutzerebene), für die Reisenden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="138"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (EPSILON={epsilon:g} split over {n} analyses, M={m}): visits per zone get epsilon {e:.2g}, so each zone's count is off by at most ±{moe:.3g} (95%).</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (EPSILON={epsilon:g} aufgeteilt auf {n} Analysen, M={m}): die Besuche je Zone erhalten Epsilon {e:.2g}, daher weicht die Zählung jeder Zone um höchstens ±{moe:.3g} ab (95 %).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="150"/>
        <source>Trip id field</source>
        <translation>Feld der Wege-Kennung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="150"/>
        <source>X field</source>
        <translation>X-Feld</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="159"/>
        <source>CRS of the coordinate fields</source>
        <translation>KBS der Koordinatenfelder</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="171"/>
        <source>Budget split weights</source>
        <translation>Gewichte der Budgetaufteilung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="181"/>
        <source>Travel time bin width (min)</source>
        <translation>Klassenbreite Reisezeit (min)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="182"/>
        <source>Jump length bin width (km)</source>
        <translation>Klassenbreite Sprunglänge (km)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="183"/>
        <source>Time between trips bin width (h)</source>
        <translation>Klassenbreite Zeit zwischen Wegen (h)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="184"/>
        <source>Radius of gyration bin width (km)</source>
        <translation>Klassenbreite Gyrationsradius (km)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="191"/>
        <source>Start of the time range (public)</source>
        <translation>Beginn des Zeitraums (öffentlich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="198"/>
        <source>Delta of the OD flows</source>
        <translation>Delta der Quelle-Ziel-Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="216"/>
        <source>Item-level privacy</source>
        <translation>Privatsphäre je Eintrag</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="220"/>
        <source>Benchmark (not private)</source>
        <translation>Vergleich (nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="225"/>
        <source>Benchmark page (not private)</source>
        <translation>Vergleichsseite (nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="292"/>
        <source>Bin widths: {error}.</source>
        <translation>Klassenbreiten: {error}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="295"/>
        <source>OD_DELTA must be in (0, 1), e.g. 1e-6 (the OD flows are chosen by the stability-based histogram, or by Gaussian thresholding with NOISE=2); or leave od_flows out of ANALYSES.</source>
        <translation>OD_DELTA muss in (0, 1) liegen, z. B. 1e-6 (die Quelle-Ziel-Ströme werden mit dem Stabilitätshistogramm oder, mit NOISE=2, durch Gauß-Schwellenwertbildung ausgewählt); oder lassen Sie od_flows in ANALYSES weg.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="334"/>
        <source>Dropped {n} trips whose user id is NULL.</source>
        <translation>{n} Fahrten mit NULL-Benutzerkennung verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="233"/>
        <source>Sections in the report</source>
        <translation>Abschnitte im Bericht</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="234"/>
        <source>Sections informative at this epsilon</source>
        <translation>Bei diesem Epsilon aussagekräftige Abschnitte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report_help.py" line="80"/>
        <source>&lt;p&gt;&lt;b&gt;NOISE=2&lt;/b&gt; (advanced, with DELTA &gt; 0, e.g. 1e-6): visits per zone get the discrete Gaussian (Canonne, Kamath and Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithm 3). Each user's visits are bounded to one per zone, so a zone's count is the number of users with a visit there and one user changes at most 2M zones by 1: L2 sensitivity sqrt(2M) instead of 2M. Every other analysis keeps Laplace counts or exponential-mechanism summaries (their cells are not distinct per user, so the Gaussian does not help). OD flows use Gaussian thresholding (Wilson et al. 2020, 'Differentially Private SQL with Bounded User Contribution', §3): each user counts once per zone pair, so a flow is the number of users on it; only pairs with users get discrete Gaussian noise (L2 sensitivity sqrt(M)) and a pair is published when its noisy count reaches a threshold set by OD_DELTA (half for the noise, half for the chance that a pair only one user makes is published). At EPSILON 1 and OD_DELTA 1e-6 its threshold is far lower than the stability-based histogram's from M = 1 up (see noisyodflows). Without OD flows the report is rho-zCDP (Bun and Steinke 2016) with rho = the Gaussian's rho plus epsilon^2/2 of every other analysis; the record and ledger carry rho and the (epsilon, delta) it converts to at DELTA (Canonne, Kamath and Steinke 2020 Corollary 13), at most EPSILON. With OD flows, which are (epsilon, delta)-DP but not zCDP, their epsilon and OD_DELTA are added on top of that conversion (the report's delta is DELTA + OD_DELTA) and the record carries no rho. The report's privacy section says which analysis used which noise. NOISE=1 is not offered.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;NOISE=2&lt;/b&gt; (erweitert, mit DELTA &gt; 0, z. B. 1e-6): Die Besuche pro Zone erhalten die diskrete Gauß-Verteilung (Canonne, Kamath und Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithm 3). Die Besuche jedes Nutzers werden auf einen pro Zone begrenzt, daher ist der Wert einer Zone die Anzahl der Nutzer mit einem Besuch dort, und ein Nutzer ändert höchstens 2M Zonen um je 1: L2-Sensitivität sqrt(2M) statt 2M. Jede andere Analyse behält Laplace-Zählwerte oder Fünf-Zahlen-Zusammenfassungen des Exponentialmechanismus (ihre Zellen sind pro Nutzer nicht verschieden, daher hilft die Gauß-Verteilung dort nicht). Die Quelle-Ziel-Ströme verwenden Gauß-Schwellenwertbildung (Wilson et al. 2020, 'Differentially Private SQL with Bounded User Contribution', §3): Jeder Nutzer zählt je Zonenpaar einmal, daher ist ein Strom die Anzahl der Nutzer darauf; nur Paare mit Nutzern erhalten diskretes Gauß-Rauschen (L2-Sensitivität sqrt(M)), und ein Paar wird veröffentlicht, wenn sein verrauschter Zählwert einen durch OD_DELTA festgelegten Schwellenwert erreicht (die Hälfte für das Rauschen, die Hälfte für die Wahrscheinlichkeit, dass ein Paar, das nur ein Nutzer bildet, veröffentlicht wird). Bei EPSILON 1 und OD_DELTA 1e-6 liegt sein Schwellenwert ab M = 1 weit unter dem des Stabilitäts-Histogramms (siehe noisyodflows). Ohne Quelle-Ziel-Ströme ist der Bericht rho-zCDP (Bun und Steinke 2016) mit rho = rho der Gauß-Verteilung plus epsilon^2/2 jeder anderen Analyse; die Privatsphäre-Angaben und das Journal enthalten rho und das (epsilon, delta), in das es bei DELTA umgerechnet wird (Canonne, Kamath und Steinke 2020, Corollary 13), höchstens EPSILON. Mit Quelle-Ziel-Strömen, die (epsilon, delta)-DP, aber nicht zCDP sind, werden ihr Epsilon und OD_DELTA zu dieser Umrechnung addiert (das Delta des Berichts ist DELTA + OD_DELTA), und die Privatsphäre-Angaben enthalten kein rho. Der Privatsphäre-Abschnitt des Berichts nennt, welche Analyse welches Rauschen verwendet hat. NOISE=1 wird nicht angeboten.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report_help.py" line="12"/>
        <source>&lt;p&gt;The standardised mobility report of Kapp et al. 2023 (dp_mobility_report) with user-level differential privacy: one HTML page (inline SVG, opens without network), a layer of visits per zone and a layer of the top OD flows, one release with one release id and one ledger entry.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Input&lt;/b&gt; as dp_mobility_report takes it: a point layer or table with one row per trip start and one per trip end, USER_FIELD, TRIP_FIELD and TIMESTAMP_FIELD (date-time, or ISO text such as 2024-05-01 08:30:00); coordinates from the point geometry or X_FIELD/Y_FIELD in COORDINATES_CRS. A trip is one user's trip id (USER_FIELD and TRIP_FIELD together: trip ids numbered 1, 2, 3 per user are different trips). Its rows are ordered by time: the first is the start, the last the end; a trip with one row is incomplete (counted, left out of OD, travel time and jump length); of a trip with more than two rows only the first and the last are used. Rows with a NULL user id or trip id are dropped (a NULL could hide the same person twice); NULL timestamps are counted as missing; an unreadable timestamp stops the run. Or trip lines: one row per trip (origin = first vertex, destination = last vertex), TIMESTAMP_FIELD the start time and END_TIMESTAMP_FIELD the end time (without it, travel time and time between trips stay empty).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zones&lt;/b&gt;: ZONES (public polygons) or H3_RESOLUTION with EXTENT (public).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Automatic M.&lt;/b&gt; MAX_TRIPS_PER_USER=0 chooses M privately: AUTO_SHARE of EPSILON (default 5%) draws M from 1..AUTO_MAX_BOUND by permute-and-flip (McKenna and Sheldon 2020) on the trips per user, aiming at the M where the visits left out plus the expected noise error of the visits per zone is smallest (Laplace, or with NOISE=2 the discrete Gaussian); the analyses share the rest of EPSILON. The chosen M is in the log and the privacy record, and the total includes the choice.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Privacy&lt;/b&gt; (Kapp et al. 2023 §4.2-4.3): each user keeps at most MAX_TRIPS_PER_USER (M, default 5) trips, sampled uniformly once for the whole report. EPSILON is the total; it is split over the chosen ANALYSES by BUDGET_SPLIT weights (e.g. 'od_flows=3,visits_per_zone=2'; unnamed analyses weigh 1; by default visits per zone, OD flows and trips over time weigh 5 and the others 1, so the analyses planners read first are the most accurate). Counts of users have sensitivity 1, of trips M, of trip ends 2M; numeric analyses give half their share to a histogram and half to a five-number summary by the exponential mechanism on ranks (sensitivity M, or 1 for per-user values). Kapp et al. 2023 §5.4: a larger M keeps more trips but adds more noise; visits per zone are captured well with a small M (people visit few places), while OD flows need a large epsilon even for large data sets. OD flows are chosen by the stability-based histogram (Asghar, Tyler and Kaafar, 'Differentially Private Release of Public Transport Data: The Opal Use Case', 2017, Algorithm 1): only pairs with trips get noise (scale 2M over their epsilon) and a pair is published when its noisy count reaches M + b ln(2M / OD_DELTA) (advanced, default 1e-6, the report's delta), so every published flow is a true pair; at a small epsilon only very large flows reach it, and the report says when none does. The number of trips dropped by M is not reported (it is data). ITEM_LEVEL=true (advanced) makes every trip its own unit (M = 1), as the peer's user_privacy=False: a person with many trips is then not protected as a whole.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Public bounds&lt;/b&gt; (never read from the data; values above form one overflow bin): MAX_TRAVEL_TIME 120 min, MAX_JUMP_LENGTH 20 km, MAX_TIME_BETWEEN 168 h, MAX_RADIUS 20 km, MAX_TILES_PER_USER 0 = 2M, mobility entropy 0-1. Bin widths TRAVEL_TIME_BIN, JUMP_LENGTH_BIN, TIME_BETWEEN_BIN and RADIUS_BIN (advanced; 0, the default, chooses 1, 2, 2.5 or 5 times a power of ten giving at most 24 bins from the maximum alone: 5 min, 1 km, 10 h, 1 km at the defaults; a 5,000 km maximum gets 250-km bins); at most 500 bins. Trips over time needs the public range TIME_START and TIME_END (cut by day up to 90 days, by week up to 730, else by month); without them that analysis is left out. Visits per zone and time window use destinations only, in six four-hour windows from 2:00, weekday and weekend; the total of each window is its own noisy count (a quarter of that analysis's epsilon, sensitivity M), left unclamped so that it is unbiased. No published total is a sum of counts clamped at zero (each empty zone would add half a noise scale): records and trips are sums of the unclamped noisy complete and incomplete counts.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Which sections say something.&lt;/b&gt; The page opens with how many sections are informative at this epsilon (e.g. '11 of 14'). A section is not informative when every value it shows is within its 95% margin of error of zero (OD flows: when no flow reached the threshold): such sections are marked in red and named at the top; SECTIONS and SECTIONS_INFORMATIVE give the figures. This reads only released values and their public margins.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Protected&lt;/b&gt;: whether any one user is in the data, with all their trips (up to M). &lt;b&gt;Not protected&lt;/b&gt;: the zones, bounds and time range (public), and the log's exact counts (for the data holder only).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Benchmark&lt;/b&gt; (advanced, Kapp et al. 2023 §5.2.3): BENCHMARK=true also writes OUTPUT_BENCHMARK (HTML) and/or OUTPUT_BENCHMARK_TABLE: per analysis the similarity of the released report to the same analyses without noise (relative error, Jensen-Shannon and Kullback-Leibler divergence, earth mover's distance in metres over the zones' points for visits per zone, SMAPE for five-number summaries and the normalised OD matrix). These are computed from the exact data, are NOT differentially private and are labelled so; never publish them.&lt;/p&gt;&lt;p&gt;Sources: Kapp et al. 2023 §3, §4.2-4.3, §5.2.3, §5.4.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Der standardisierte Mobilitätsbericht aus Kapp et al. 2023 (dp_mobility_report) mit Differential Privacy auf Personenebene: eine HTML-Seite (eingebettetes SVG, öffnet ohne Netzwerk), ein Layer der Besuche je Zone und ein Layer der stärksten Quelle-Ziel-Ströme, eine Veröffentlichung mit einer Veröffentlichungs-ID und einem Ledger-Eintrag.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Eingabe&lt;/b&gt; wie bei dp_mobility_report: ein Punktlayer oder eine Tabelle mit einer Zeile je Wegbeginn und einer je Wegende, USER_FIELD, TRIP_FIELD und TIMESTAMP_FIELD (Datum mit Uhrzeit oder ISO-Text wie 2024-05-01 08:30:00); Koordinaten aus der Punktgeometrie oder aus X_FIELD/Y_FIELD in COORDINATES_CRS. Die Zeilen einer Weg-ID werden nach Zeit geordnet: die erste ist der Beginn, die letzte das Ende; ein Weg mit nur einer Zeile ist unvollständig (gezählt, aber nicht in Quelle-Ziel-Strömen, Reisezeit und Sprungweite). Zeilen mit NULL-Personen-ID oder NULL-Weg-ID werden verworfen (ein NULL könnte dieselbe Person zweimal verbergen); NULL-Zeitstempel werden als fehlend gezählt; ein unlesbarer Zeitstempel bricht den Lauf ab. Oder Weglinien: eine Zeile je Weg (Quelle = erster Stützpunkt, Ziel = letzter Stützpunkt), TIMESTAMP_FIELD die Startzeit und END_TIMESTAMP_FIELD die Endzeit (ohne sie bleiben Reisezeit und Zeit zwischen Wegen leer).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zonen&lt;/b&gt;: ZONES (öffentliche Polygone) oder H3_RESOLUTION mit EXTENT (öffentlich).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Automatisches M.&lt;/b&gt; MAX_TRIPS_PER_USER=0 wählt M privat: AUTO_SHARE von EPSILON (Voreinstellung 5 %) zieht M aus 1..AUTO_MAX_BOUND mit Permute-and-Flip (McKenna und Sheldon 2020) auf den Fahrten je Nutzer und zielt auf das M, bei dem die weggelassenen Besuche plus der erwartete Rauschfehler der Besuche je Zone am kleinsten sind (Laplace oder mit NOISE=2 das diskrete Gauß-Rauschen); die Analysen teilen sich den Rest von EPSILON. Das gewählte M steht im Protokoll und in den Privatsphäre-Angaben, und die Summe enthält die Auswahl.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Datenschutz&lt;/b&gt; (Kapp et al. 2023 §4.2-4.3): jede Person behält höchstens MAX_TRIPS_PER_USER (M, Standard 5) Wege, einmal für den ganzen Bericht gleichverteilt gezogen. EPSILON ist die Summe; es wird auf die gewählten ANALYSES nach den Gewichten in BUDGET_SPLIT aufgeteilt (z. B. 'od_flows=3,visits_per_zone=2'; nicht genannte Analysen wiegen 1; standardmäßig wiegen Besuche je Zone, Quelle-Ziel-Ströme und Wege im Zeitverlauf 5 und die übrigen 1, sodass die Analysen, die Planer zuerst lesen, am genauesten sind). Anzahlen von Personen haben Sensitivität 1, von Wegen M, von Wegenden 2M; numerische Analysen geben die Hälfte ihres Anteils einem Histogramm und die Hälfte einer Fünf-Punkte-Zusammenfassung mit dem Exponentialmechanismus auf Rängen (Sensitivität M, oder 1 für Werte je Person). Kapp et al. 2023 §5.4: ein größeres M behält mehr Wege, fügt aber mehr Rauschen hinzu; Besuche je Zone werden schon mit kleinem M gut erfasst (Menschen besuchen wenige Orte), Quelle-Ziel-Ströme brauchen dagegen selbst bei großen Datensätzen ein großes Epsilon. Die Zahl der durch M verworfenen Wege wird nicht berichtet (sie ist selbst ein Datum). ITEM_LEVEL=true (erweitert) macht jeden Weg zu einer eigenen Schutzeinheit (M = 1), wie user_privacy=False beim Vorbild: eine Person mit vielen Wegen ist dann nicht als Ganzes geschützt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Öffentliche Grenzen&lt;/b&gt; (nie aus den Daten gelesen; Werte darüber bilden eine Überlaufklasse): MAX_TRAVEL_TIME 120 min (5-min-Klassen), MAX_JUMP_LENGTH 20 km (1-km-Klassen), MAX_TIME_BETWEEN 168 h (6-h-Klassen), MAX_RADIUS 20 km (1-km-Klassen), MAX_TILES_PER_USER 0 = 2M, Mobilitätsentropie 0-1. Wege im Zeitverlauf braucht den öffentlichen Zeitraum TIME_START und TIME_END (je Tag bis 90 Tage, je Woche bis 730, sonst je Monat); ohne ihn entfällt diese Analyse. Besuche je Zone und Zeitfenster verwenden nur Ziele, in sechs Vier-Stunden-Fenstern ab 2:00, Werktag und Wochenende.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Welche Abschnitte etwas aussagen.&lt;/b&gt; Die Seite beginnt mit der Zahl der Abschnitte, die bei diesem Epsilon aussagekräftig sind (z. B. '11 von 14'). Ein Abschnitt ist nicht aussagekräftig, wenn jeder Wert, den er zeigt, innerhalb seiner 95-%-Fehlerspanne um null liegt (OD-Ströme: wenn kein Strom die Schwelle erreicht hat): Solche Abschnitte sind rot markiert und oben genannt; SECTIONS und SECTIONS_INFORMATIVE geben die Zahlen. Dafür werden nur veröffentlichte Werte und ihre öffentlichen Fehlerspannen gelesen.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Geschützt&lt;/b&gt;: ob eine einzelne Person in den Daten ist, mit all ihren Wegen (bis zu M). &lt;b&gt;Nicht geschützt&lt;/b&gt;: die Zonen, Grenzen und der Zeitraum (öffentlich) sowie die exakten Anzahlen im Protokoll (nur für den Datenhalter).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Vergleich&lt;/b&gt; (erweitert, Kapp et al. 2023 §5.2.3): BENCHMARK=true schreibt zusätzlich OUTPUT_BENCHMARK (HTML) und/oder OUTPUT_BENCHMARK_TABLE: je Analyse die Ähnlichkeit des veröffentlichten Berichts mit denselben Analysen ohne Rauschen (relativer Fehler, Jensen-Shannon- und Kullback-Leibler-Divergenz, Earth Mover's Distance in Metern über die Punkte der Zonen für Besuche je Zone, SMAPE für Fünf-Punkte-Zusammenfassungen und die normierte Quelle-Ziel-Matrix). Diese Werte werden aus den exakten Daten berechnet, sind NICHT differentiell privat und entsprechend gekennzeichnet; veröffentlichen Sie sie nie.&lt;/p&gt;&lt;p&gt;Quellen: Kapp et al. 2023 §3, §4.2-4.3, §5.2.3, §5.4.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/mobility_html.py" line="292"/>
        <source>M = {m} was chosen by permute-and-flip with epsilon {cost:g} of the total (automatic M).</source>
        <translation>M = {m} wurde mit Permute-and-Flip gewählt, mit Epsilon {cost:g} der Summe (automatisches M).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report_help.py" line="99"/>
        <source>&lt;p&gt;&lt;b&gt;Trial run&lt;/b&gt; (DRY_RUN=true): reads and checks every input, then draws no noise, writes nothing and adds nothing to the ledger. Besides what the report would spend it gives the planned accuracy of each section at this run's own settings (EPSILON, BUDGET_SPLIT, ANALYSES, M, NOISE): the accuracy planner's rows for the mobility report, in the log and as SECTIONS_ACCURACY (JSON: per section and published part its epsilon, sensitivity, noise scale, expected absolute error, RMSE, 95% margin, rank margin and OD flow threshold); EXPECTED_ABS_ERROR, RMSE and MARGIN_OF_ERROR are those of the visits per zone, STABILITY_THRESHOLD the OD flows' threshold, SETTINGS the settings they are for. With MAX_TRIPS_PER_USER=0 no M is drawn: the sections are planned at AUTO_MAX_BOUND on the epsilon the choice leaves, as the planner plans automatic M. These figures follow from the settings alone, never from the data.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Probelauf&lt;/b&gt; (DRY_RUN=true): liest und prüft jede Eingabe, zieht dann kein Rauschen, schreibt nichts und trägt nichts ins Journal ein. Neben dem, was der Bericht verbrauchen würde, gibt er die geplante Genauigkeit jedes Abschnitts bei den eigenen Einstellungen dieses Laufs an (EPSILON, BUDGET_SPLIT, ANALYSES, M, NOISE): die Zeilen des Genauigkeitsplaners für den Mobilitätsbericht, im Protokoll und als SECTIONS_ACCURACY (JSON: je Abschnitt und veröffentlichtem Teil sein Epsilon, Sensitivität, Rauschskala, erwarteter absoluter Fehler, RMSE, 95-%-Marge, Rangmarge und Schwelle der Quelle-Ziel-Ströme); EXPECTED_ABS_ERROR, RMSE und MARGIN_OF_ERROR sind die der Besuche je Zone, STABILITY_THRESHOLD die Schwelle der Quelle-Ziel-Ströme, SETTINGS die Einstellungen, für die sie gelten. Mit MAX_TRIPS_PER_USER=0 wird kein M gezogen: Die Abschnitte werden bei AUTO_MAX_BOUND mit dem Epsilon geplant, das die Wahl übrig lässt, so wie der Planer automatisches M plant. Diese Kennzahlen folgen allein aus den Einstellungen, nie aus den Daten.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="274"/>
        <source>the OD flows (OD_DELTA)</source>
        <translation>die Quelle-Ziel-Ströme (OD_DELTA)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/mobility_report.py" line="398"/>
        <source>No OD flow reached the publication threshold (about {t} {unit}) at this epsilon: the flows layer is empty and the report says so.</source>
        <translation>Kein Quelle-Ziel-Strom hat bei diesem Epsilon die Veröffentlichungsschwelle (etwa {t} {unit}) erreicht: Der Layer der Ströme ist leer, und der Bericht weist darauf hin.</translation>
    </message>
</context>
<context>
    <name>NoisyOdFlows</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="105"/>
        <source>Noisy origin-destination flows</source>
        <translation>Verrauschte Quelle-Ziel-Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="224"/>
        <source>Origin y field</source>
        <translation>y-Feld der Quelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="224"/>
        <source>Destination x field</source>
        <translation>x-Feld des Ziels</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="224"/>
        <source>Destination y field</source>
        <translation>y-Feld des Ziels</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="231"/>
        <source>Give all four coordinate fields, or none to use the line geometries.</source>
        <translation>Geben Sie alle vier Koordinatenfelder an oder keines, um die Liniengeometrien zu verwenden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="237"/>
        <source>The CRS the four coordinate fields are written in, e.g. EPSG:4326 for longitude/latitude.</source>
        <translation>Das KBS, in dem die vier Koordinatenfelder angegeben sind, z. B. EPSG:4326 für geographische Länge/Breite.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="242"/>
        <source>A number &gt; 0; smaller means more noise and more privacy. OD flows need a larger epsilon than zone counts for the same accuracy (Kapp et al. 2023 §5.4).</source>
        <translation>Eine Zahl &gt; 0; kleiner bedeutet mehr Rauschen und mehr Privatsphäre. OD-Ströme benötigen für dieselbe Genauigkeit ein größeres Epsilon als Zonenzählwerte (Kapp et al. 2023 §5.4).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="242"/>
        <source>Maximum trips per user (M)</source>
        <translation>Höchstzahl an Fahrten je Nutzer (M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="242"/>
        <source>An integer &gt;= 1: each user keeps at most M trips, sampled uniformly; the sensitivity is M.</source>
        <translation>Eine ganze Zahl &gt;= 1: Von jedem Nutzer werden höchstens M Fahrten behalten, gleichverteilt zufällig ausgewählt; die Sensitivität ist M.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="253"/>
        <source>Leave out flows below (post-processing)</source>
        <translation>Ströme unterhalb dieses Werts weglassen (Nachverarbeitung)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="256"/>
        <source>A number &gt;= 0: published flows whose rounded, clamped count is below it are left out of both outputs; 0 keeps every pair, zeros included.</source>
        <translation>Eine Zahl &gt;= 0: Veröffentlichte Ströme, deren gerundeter, bei null begrenzter Zählwert darunter liegt, werden in beiden Ausgaben weggelassen; 0 behält jedes Paar, einschließlich der Nullen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="264"/>
        <source>Noisy OD flow lines</source>
        <translation>Verrauschte OD-Stromlinien</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="268"/>
        <source>Noisy OD matrix (table)</source>
        <translation>Verrauschte OD-Matrix (Tabelle)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="273"/>
        <source>Flows published</source>
        <translation>Veröffentlichte Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="273"/>
        <source>Noisy count of trips with an end outside all zones</source>
        <translation>Verrauschte Anzahl der Fahrten mit einem Ende außerhalb aller Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="284"/>
        <source>Coordinate fields were given only in part ({given}); also set {missing}, or clear them all to read the trips from line geometries.</source>
        <translation>Die Koordinatenfelder wurden nur teilweise angegeben ({given}); setzen Sie auch {missing} oder leeren Sie alle, um die Fahrten aus Liniengeometrien zu lesen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="289"/>
        <source>MIN_FLOW must be a number of at least 0 (got {v}); 1 leaves out flows that round to zero.</source>
        <translation>MIN_FLOW muss eine Zahl von mindestens 0 sein (erhalten: {v}); 1 lässt Ströme weg, die auf null gerundet werden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="318"/>
        <source>OUTPUT_FLOWS and OUTPUT_MATRIX must be different files.</source>
        <translation>OUTPUT_FLOWS und OUTPUT_MATRIX müssen verschiedene Dateien sein.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="320"/>
        <source>No USER_FIELD: every trip is its own unit of privacy; MAX_TRIPS is not used.</source>
        <translation>Kein USER_FIELD: Jede Fahrt ist ihre eigene Schutzeinheit; MAX_TRIPS wird nicht verwendet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="345"/>
        <source>Zones: {cells}.</source>
        <translation>Zonen: {cells}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="425"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="477"/>
        <source>Dropped {n} trips whose user id ({field}) is NULL or empty: a NULL could hide the same person twice and break the bound of {m} trips per user.</source>
        <translation>{n} Fahrten mit NULL oder leerer Nutzer-ID ({field}) wurden verworfen: Hinter NULL könnte sich dieselbe Person zweimal verbergen und die Obergrenze von {m} Fahrten je Nutzer verletzen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="410"/>
        <source>Every trip has a NULL user id in {field}; choose the USER_FIELD that identifies the traveller.</source>
        <translation>Jede Fahrt hat in {field} eine Nutzer-ID NULL; wählen Sie als USER_FIELD das Feld, das die reisende Person identifiziert.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="482"/>
        <source>All {n} trips have an origin or destination outside every zone: the published flows are noise only. Check that the trips and the zones overlap and that the trips' CRS ({crs}) is right (COORDINATES_CRS for coordinate fields).</source>
        <translation>Alle {n} Fahrten haben Quelle oder Ziel außerhalb aller Zonen: Die veröffentlichten Ströme bestehen nur aus Rauschen. Prüfen Sie, ob sich Fahrten und Zonen überlappen und ob das KBS der Fahrten ({crs}) stimmt (COORDINATES_CRS bei Koordinatenfeldern).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="488"/>
        <source>{n} of {total} trips have an end outside every zone: they are counted in the one outside cell.</source>
        <translation>{n} von {total} Fahrten haben ein Ende außerhalb aller Zonen: Sie werden in der einen Außenzelle gezählt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="351"/>
        <source>one user ({field}), at most {m} trips kept per user (sampled uniformly)</source>
        <translation>ein Nutzer ({field}), höchstens {m} Fahrten je Nutzer behalten (gleichverteilt ausgewählt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="351"/>
        <source>one trip (item-level)</source>
        <translation>eine Fahrt (Einzeleintragsebene)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="417"/>
        <source>User bound: {n} trips beyond {m} per user were left out (sampled uniformly).</source>
        <translation>Nutzerobergrenze: {n} Fahrten über {m} je Nutzer hinaus wurden weggelassen (gleichverteilt ausgewählt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="420"/>
        <source>INCLUDE_INTRAZONAL is off: {n} trips within one zone are in no cell.</source>
        <translation>INCLUDE_INTRAZONAL ist ausgeschaltet: {n} Fahrten innerhalb einer Zone liegen in keiner Zelle.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="444"/>
        <source>Noisy OD flows</source>
        <translation>Verrauschte OD-Ströme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="444"/>
        <source>Noisy OD matrix</source>
        <translation>Verrauschte OD-Matrix</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="494"/>
        <source>OUTPUT_FLOWS and OUTPUT_MATRIX are one release with one epsilon: the same flows from noise drawn once, with this same record and release id. Publishing both spends epsilon once.</source>
        <translation>OUTPUT_FLOWS und OUTPUT_MATRIX bilden eine Veröffentlichung mit einem Epsilon: dieselben Ströme aus einmal erzeugtem Rauschen, mit denselben Privatsphäre-Angaben und derselben Veröffentlichungs-ID. Die Veröffentlichung beider verbraucht Epsilon nur einmal.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="496"/>
        <source>Zones: {cells}; {pairs:,} ordered pairs ({intra}) plus one outside cell.</source>
        <translation>Zonen: {cells}; {pairs:,} geordnete Paare ({intra}) plus eine Außenzelle.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="496"/>
        <source>intrazonal included</source>
        <translation>zoneninterne einbezogen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="496"/>
        <source>intrazonal left out</source>
        <translation>zoneninterne weggelassen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="499"/>
        <source>Noisy count of trips with an end outside all zones: {outside:g} (95% margin of error {moe:g}).</source>
        <translation>Verrauschte Anzahl der Fahrten mit einem Ende außerhalb aller Zonen: {outside:g} (95-%-Fehlerspanne {moe:g}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="501"/>
        <source>Release path: {path}. Post-processing in this order: round, clamp negatives to zero, leave out flows below MIN_FLOW={m:g} (a missing pair had a published count below it).</source>
        <translation>Veröffentlichungspfad: {path}. Nachverarbeitung in dieser Reihenfolge: runden, negative Werte auf null setzen, Ströme unter MIN_FLOW={m:g} weglassen (ein fehlendes Paar hatte einen veröffentlichten Zählwert darunter).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="506"/>
        <source>Stability threshold {t:.4g}: only pairs with trips whose noisy count reached it are published; a missing pair does not mean zero.</source>
        <translation>Stabilitäts-Schwellenwert {t:.4g}: Nur Paare mit Fahrten, deren verrauschter Zählwert ihn erreicht hat, werden veröffentlicht; ein fehlendes Paar bedeutet nicht null.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="291"/>
        <source>trips</source>
        <translation>Fahrten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="115"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (EPSILON={epsilon:g}, M={m}, THRESHOLD=1): each published flow is off by at most ±{moe:.2g} (95%); a pair needs about {t:.3g} trips to be published half the time, and no pair without trips is ever published.</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (EPSILON={epsilon:g}, M={m}, THRESHOLD=1): jeder veröffentlichte Strom weicht um höchstens ±{moe:.2g} ab (95 %); ein Paar braucht etwa {t:.3g} Fahrten, um in der Hälfte der Fälle veröffentlicht zu werden, und ein Paar ohne Fahrten wird nie veröffentlicht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="121"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (EPSILON={epsilon:g}, M={m}, MIN_FLOW={min_flow:g}): each published flow is off by at most ±{moe:.2g} (95%), and each zone pair without trips is published with probability {p:.2g}: about {n:,.0f} noise-only flows for {zones} zones (THRESHOLD=1 publishes none).</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (EPSILON={epsilon:g}, M={m}, MIN_FLOW={min_flow:g}): jeder veröffentlichte Strom weicht um höchstens ±{moe:.2g} ab (95 %), und jedes Zonenpaar ohne Fahrten wird mit Wahrscheinlichkeit {p:.2g} veröffentlicht: etwa {n:,.0f} Ströme aus reinem Rauschen bei {zones} Zonen (THRESHOLD=1 veröffentlicht keine).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="127"/>
        <source>Counts the trips between each pair of zones (the OD matrix) and publishes them with differential privacy, as flow lines and a table.</source>
        <translation>Zählt die Fahrten zwischen jedem Zonenpaar (die OD-Matrix) und veröffentlicht sie mit Differential Privacy, als Stromlinien und als Tabelle.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="127"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each trip, for the traveller; with USER_FIELD each user with up to M trips (user-level privacy).</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; jede Fahrt, für die Reisenden; mit USER_FIELD jede Nutzerin und jeder Nutzer mit bis zu M Fahrten (Privatsphäre auf Nutzerebene).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="221"/>
        <source>Trips</source>
        <translation>Wege</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="224"/>
        <source>Origin x field</source>
        <translation>X-Feld des Starts</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="235"/>
        <source>CRS of the coordinate fields</source>
        <translation>KBS der Koordinatenfelder</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="250"/>
        <source>All pairs (pure epsilon-DP)</source>
        <translation>Alle Paare (reine Epsilon-DP)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="259"/>
        <source>Include intrazonal flows</source>
        <translation>Binnenzonale Ströme einschließen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="347"/>
        <source>MAX_TRIPS=0 (automatic) weighs the noise on every pair of zones: declare the zones (ZONES, or H3 with an EXTENT), or give MAX_TRIPS.</source>
        <translation>MAX_TRIPS=0 (automatisch) wägt das Rauschen auf jedem Zonenpaar ab: Deklarieren Sie die Zonen (ZONES oder H3 mit EXTENT) oder geben Sie MAX_TRIPS an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="218"/>
        <source>zone pairs (and the outside cell)</source>
        <translation>Zonenpaare (und die Außenzelle)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="329"/>
        <source>Discrete Gaussian noise: each user counts at most once per zone pair, in at most M = {m} pairs, so the L2 sensitivity is sqrt(M); accounted as rho-zCDP and converted to (EPSILON, DELTA).</source>
        <translation>Diskretes Gauß-Rauschen: Jeder Nutzer zählt höchstens einmal je Zonenpaar, in höchstens M = {m} Paaren, daher ist die L2-Sensitivität sqrt(M); verbucht als rho-zCDP und in (EPSILON, DELTA) umgerechnet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="354"/>
        <source>one user ({field}), at most one trip per zone pair and {m} pairs kept per user (sampled uniformly)</source>
        <translation>ein Nutzer ({field}), je Nutzer höchstens eine Fahrt je Zonenpaar und {m} Paare behalten (gleichverteilt ausgewählt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="136"/>
        <source>&lt;p&gt;Counts the trips from each zone to each other zone (the origin-destination, OD, matrix) and publishes the counts with differential privacy, as flow lines and as a table.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Trips.&lt;/b&gt; INPUT is a line layer (origin = first vertex, destination = last vertex; of a multi-line, the first vertex of its first part and the last of its last part), or any layer or table with the four fields ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD and DEST_Y_FIELD (numbers, or text holding numbers; give all four or none) in COORDINATES_CRS (default: the layer's CRS), as trip tables from surveys and smart-card systems come. Trips with no geometry, an empty geometry, a line with one vertex, or a NULL or non-numeric coordinate are skipped, and the log counts each reason. Trips are reprojected to the zones' CRS (EPSG:4326 for H3), as the log says; if every trip falls outside the zones the log warns that the CRS may be wrong.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zones.&lt;/b&gt; ZONES (a public polygon layer, ids from ZONE_ID_FIELD or the feature ids; overlapping zones are refused) or H3_RESOLUTION with an EXTENT (without EXTENT only with THRESHOLD=1). With n zones there are n² ordered pairs (Dumont et al. 2021 §4.2: 2,500 blocks give 2,500² possible trips). A trip whose origin and destination lie in the same zone is counted once, in that zone's intrazonal cell; INCLUDE_INTRAZONAL=false leaves those n cells (and those trips) out. Trips with an origin or destination outside every zone form one extra cell: its noisy count is reported as OUTSIDE_FLOWS and in the metadata (Kapp et al. 2023 §4.3.1).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Unit of privacy.&lt;/b&gt; Without USER_FIELD: one trip, sensitivity 1. With USER_FIELD: one user (Kapp et al. 2023 §4.2-4.3): each user keeps at most MAX_TRIPS (M) trips, sampled uniformly at random (not the first M); a trip adds 1 to one cell, so adding or removing a user changes the matrix by at most M: sensitivity M. Trips with a NULL or empty user id are dropped and counted in the log (a NULL could hide the same person twice). Kapp et al. 2023 §5.4 finds a small M usually gives the lower error for OD flows.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Automatic M.&lt;/b&gt; MAX_TRIPS=0 (with USER_FIELD and declared zones) chooses M privately: AUTO_SHARE of EPSILON (default 5%) draws M from 1..AUTO_MAX_BOUND by permute-and-flip (McKenna and Sheldon 2020, the exponential mechanism's privacy with a smaller expected loss) on the trips per user, aiming at the M where the trips left out plus the expected noise error on every pair is smallest (the model of THRESHOLD=0 with CLAMP: most pairs are empty, and a clamped empty pair's error is the noise's positive part, for Laplace with its power-of-two grain, for the discrete Gaussian growing as the square root of M); the flows use the rest of EPSILON (with NOISE=2, the rest of its rho). The chosen M is in the log and the privacy record, and EPSILON_SPENT includes the choice.&lt;/p&gt;&lt;p&gt;&lt;b&gt;THRESHOLD=0&lt;/b&gt; (pure EPSILON-DP, Kapp et al. 2023 and Roy, Kantarcioglu and Sweeney 2016 §3): every one of the n² cells and the outside cell gets Laplace noise of scale b = M / EPSILON (NOISE=0) or discrete Laplace noise (NOISE=1, integers). Empty pairs get noise too, so flows with no true trip appear: that is the price of hiding which pairs are empty. &lt;b&gt;THRESHOLD=1&lt;/b&gt; (stability histogram, Asghar, Tyler and Kaafar 2017 Algorithm 1; needs DELTA in (0, 1), Laplace only): only pairs with at least one trip get Laplace noise of scale 2 M / EPSILON and are published when the noisy count reaches M + b ln(2 M / DELTA) (2 ln(2 / DELTA) / EPSILON + 1 for M = 1); no pair without trips is ever published, and a missing pair does not mean zero. With NOISE=2 it is Gaussian thresholding (below).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Post-processing&lt;/b&gt;, in this order, identical for every path and costing no privacy: (1) the noisy count (for THRESHOLD=1 only if it passed the threshold); (2) rounded to the nearest integer; (3) negatives set to zero (Roy, Kantarcioglu and Sweeney 2016 §3); (4) flows whose count from (3) is below MIN_FLOW are left out of both outputs (MIN_FLOW=0 keeps every cell, zeros included). So a pair missing from the outputs had a published count below MIN_FLOW.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Scale.&lt;/b&gt; For THRESHOLD=0 the path is chosen from public facts only: up to 1,048,576 cells (1,024 zones), or with MIN_FLOW=0, every cell is noised (in chunks, memory bounded); above that, with MIN_FLOW &gt; 0, the sparse path of Cormode et al. (ICDT 2012) gives exactly the same distribution without building the n² cells: pairs with trips are noised directly, and of the empty pairs a Binomial number, chosen uniformly, is published with values drawn from the noise conditioned on reaching MIN_FLOW. Settings expected to publish more than 5,000,000 flows are refused with the MIN_FLOW that would fit.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Outputs&lt;/b&gt; (one release: the noise is drawn once, both outputs carry the same privacy record and release id, and publishing both spends EPSILON once). OUTPUT_FLOWS: lines from the origin zone's representative point (point on surface) to the destination's, with origin_id, dest_id, noisy_count and moe95; an intrazonal flow is a small closed diamond above its zone's point (first and last vertex at the point). Line width follows noisy_count when loaded. OUTPUT_MATRIX: a table (origin_id, dest_id, noisy_count); .gpkg, .csv or .xlsx. Rows are ordered by origin id, then destination id (numerically when all ids are integers), never by the data (Asghar, Tyler and Kaafar 2017 §3.3.1). moe95 is the 95% margin of error of the added noise: noisy_count is within moe95 of the true count with 95% probability before rounding, clamping and the MIN_FLOW cut (which favour flows whose noise was positive). Kapp et al. 2023 §5.4 (ODFlowError) shows OD flows need far more budget than zone counts: read moe95 before using a flow.&lt;/p&gt;&lt;p&gt;Results: EPSILON_SPENT, DELTA_SPENT, SENSITIVITY, NOISE_SCALE, FLOWS_PUBLISHED, OUTSIDE_FLOWS. The log holds exact counts of skipped and dropped trips: it is for the data holder, not for publication.&lt;/p&gt;&lt;p&gt;Sources: Dumont et al. 2021 §4.2 and §6.3; Kapp et al. 2023 §3.2, §4.2-4.3, §5.2.3-5.4; Asghar, Tyler and Kaafar 2017 Algorithm 1 and §3.3.1; Roy, Kantarcioglu and Sweeney 2016 §3; Cormode, Procopiuc, Srivastava and Tran, 'Differentially private summaries for sparse data', ICDT 2012.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Zählt die Fahrten von jeder Zone zu jeder anderen Zone (die Quelle-Ziel-Matrix, OD-Matrix) und veröffentlicht die Zählwerte differenziell privat, als Stromlinien und als Tabelle.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Fahrten.&lt;/b&gt; INPUT ist ein Linienlayer (Quelle = erster Stützpunkt, Ziel = letzter Stützpunkt; bei einer Multilinie der erste Stützpunkt ihres ersten Teils und der letzte ihres letzten Teils) oder ein beliebiger Layer bzw. eine Tabelle mit den vier Feldern ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD und DEST_Y_FIELD (Zahlen oder Text, der Zahlen enthält; alle vier oder keines angeben) in COORDINATES_CRS (Standard: das KBS des Layers), wie es bei Fahrtentabellen aus Erhebungen und Chipkartensystemen üblich ist. Fahrten ohne Geometrie, mit leerer Geometrie, mit einer Linie aus nur einem Stützpunkt oder mit einer NULL- bzw. nicht numerischen Koordinate werden übersprungen, und das Protokoll zählt jeden Grund. Die Fahrten werden in das KBS der Zonen umprojiziert (EPSG:4326 bei H3), wie das Protokoll vermerkt; liegen alle Fahrten außerhalb der Zonen, warnt das Protokoll, dass das KBS falsch sein könnte.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zonen.&lt;/b&gt; ZONES (ein öffentlicher Polygonlayer, IDs aus ZONE_ID_FIELD oder die Objekt-IDs; überlappende Zonen werden abgelehnt) oder H3_RESOLUTION mit EXTENT (ohne EXTENT nur mit THRESHOLD=1). Bei n Zonen gibt es n² geordnete Paare (Dumont et al. 2021 §4.2: 2.500 Blöcke ergeben 2.500² mögliche Fahrten). Eine Fahrt, deren Quelle und Ziel in derselben Zone liegen, wird einmal gezählt, in der zoneninternen Zelle dieser Zone; INCLUDE_INTRAZONAL=false lässt diese n Zellen (und diese Fahrten) weg. Fahrten mit Quelle oder Ziel außerhalb aller Zonen bilden eine zusätzliche Zelle: Ihr verrauschter Zählwert wird als OUTSIDE_FLOWS und in den Metadaten ausgewiesen (Kapp et al. 2023 §4.3.1).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Schutzeinheit.&lt;/b&gt; Ohne USER_FIELD: eine Fahrt, Sensitivität 1. Mit USER_FIELD: ein Nutzer (Kapp et al. 2023 §4.2-4.3): Von jedem Nutzer werden höchstens MAX_TRIPS (M) Fahrten behalten, gleichverteilt zufällig ausgewählt (nicht die ersten M); eine Fahrt erhöht eine Zelle um 1, daher ändert das Hinzufügen oder Entfernen eines Nutzers die Matrix um höchstens M: Sensitivität M. Fahrten mit NULL oder leerer Nutzer-ID werden verworfen und im Protokoll gezählt (hinter NULL könnte sich dieselbe Person zweimal verbergen). Nach Kapp et al. 2023 §5.4 ergibt ein kleines M bei OD-Strömen meist den geringeren Fehler.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Automatisches M.&lt;/b&gt; MAX_TRIPS=0 (mit USER_FIELD und deklarierten Zonen) wählt M privat: AUTO_SHARE von EPSILON (Voreinstellung 5 %) zieht M aus 1..AUTO_MAX_BOUND mit Permute-and-Flip (McKenna und Sheldon 2020, die Privatsphäre des Exponentialmechanismus mit kleinerem erwartetem Verlust) auf den Fahrten je Nutzer und zielt auf das M, bei dem die weggelassenen Fahrten plus der erwartete Rauschfehler auf jedem Paar am kleinsten sind (das Modell von THRESHOLD=0 mit CLAMP: die meisten Paare sind leer, und der Fehler eines begrenzten leeren Paares ist der positive Teil des Rauschens, bei Laplace mit seiner Körnung in Zweierpotenzen, beim diskreten Gauß-Rauschen mit der Quadratwurzel von M wachsend); die Ströme verwenden den Rest von EPSILON (bei NOISE=2 den Rest seines rho). Das gewählte M steht im Protokoll und in den Privatsphäre-Angaben, und EPSILON_SPENT enthält die Auswahl.&lt;/p&gt;&lt;p&gt;&lt;b&gt;THRESHOLD=0&lt;/b&gt; (reine EPSILON-DP, Kapp et al. 2023 und Roy, Kantarcioglu und Sweeney 2016 §3): Jede der n² Zellen und die Außenzelle erhält Laplace-Rauschen der Skala b = M / EPSILON (NOISE=0) oder diskretes Laplace-Rauschen (NOISE=1, ganzzahlig). Auch leere Paare erhalten Rauschen, daher erscheinen Ströme ohne echte Fahrt: Das ist der Preis dafür, zu verbergen, welche Paare leer sind. &lt;b&gt;THRESHOLD=1&lt;/b&gt; (Stabilitäts-Histogramm, Asghar, Tyler und Kaafar 2017 Algorithm 1; erfordert DELTA in (0, 1), nur Laplace): Nur Paare mit mindestens einer Fahrt erhalten Laplace-Rauschen der Skala 2 M / EPSILON und werden veröffentlicht, wenn der verrauschte Zählwert M + b ln(2 M / DELTA) erreicht (2 ln(2 / DELTA) / EPSILON + 1 für M = 1); ein Paar ohne Fahrten wird nie veröffentlicht, und ein fehlendes Paar bedeutet nicht null. Mit NOISE=2 ist es Gauß-Schwellenwertbildung (unten).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Nachverarbeitung&lt;/b&gt;, in dieser Reihenfolge, für jeden Pfad gleich und ohne Privatsphäre-Kosten: (1) der verrauschte Zählwert (bei THRESHOLD=1 nur, wenn er den Schwellenwert überschritten hat); (2) auf die nächste ganze Zahl gerundet; (3) negative Werte auf null gesetzt (Roy, Kantarcioglu und Sweeney 2016 §3); (4) Ströme, deren Zählwert aus (3) unter MIN_FLOW liegt, werden in beiden Ausgaben weggelassen (MIN_FLOW=0 behält jede Zelle, einschließlich der Nullen). Ein in den Ausgaben fehlendes Paar hatte also einen veröffentlichten Zählwert unter MIN_FLOW.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Größenordnung.&lt;/b&gt; Bei THRESHOLD=0 wird der Pfad nur anhand öffentlicher Fakten gewählt: Bis zu 1.048.576 Zellen (1.024 Zonen) oder mit MIN_FLOW=0 wird jede Zelle verrauscht (in Blöcken, mit begrenztem Speicherbedarf); darüber liefert mit MIN_FLOW &gt; 0 der dünn besetzte Pfad nach Cormode et al. (ICDT 2012) genau dieselbe Verteilung, ohne die n² Zellen aufzubauen: Paare mit Fahrten werden direkt verrauscht, und von den leeren Paaren wird eine binomialverteilte Anzahl, gleichverteilt ausgewählt, mit Werten veröffentlicht, die aus dem Rauschen unter der Bedingung gezogen werden, dass sie MIN_FLOW erreichen. Einstellungen, die voraussichtlich mehr als 5.000.000 Ströme veröffentlichen würden, werden abgelehnt, unter Angabe des MIN_FLOW, der passen würde.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Ausgaben&lt;/b&gt; (eine Veröffentlichung: Das Rauschen wird einmal erzeugt, beide Ausgaben tragen dieselben Privatsphäre-Angaben und dieselbe Veröffentlichungs-ID, und die Veröffentlichung beider verbraucht EPSILON nur einmal). OUTPUT_FLOWS: Linien vom repräsentativen Punkt der Quellzone (Punkt auf Oberfläche) zu dem der Zielzone, mit origin_id, dest_id, noisy_count und moe95; ein zoneninterner Strom ist eine kleine geschlossene Raute über dem Punkt seiner Zone (erster und letzter Stützpunkt im Punkt). Beim Laden richtet sich die Linienbreite nach noisy_count. OUTPUT_MATRIX: eine Tabelle (origin_id, dest_id, noisy_count); .gpkg, .csv oder .xlsx. Die Zeilen sind nach Quell-ID, dann nach Ziel-ID sortiert (numerisch, wenn alle IDs ganze Zahlen sind), nie nach den Daten (Asghar, Tyler und Kaafar 2017 §3.3.1). moe95 ist die 95-%-Fehlerspanne des hinzugefügten Rauschens: noisy_count liegt vor Rundung, Abschneiden negativer Werte und dem MIN_FLOW-Schnitt (die Ströme mit positivem Rauschen begünstigen) mit 95 % Wahrscheinlichkeit höchstens moe95 vom wahren Zählwert entfernt. Kapp et al. 2023 §5.4 (ODFlowError) zeigt, dass OD-Ströme weit mehr Budget benötigen als Zonenzählwerte: Lesen Sie moe95, bevor Sie einen Strom verwenden.&lt;/p&gt;&lt;p&gt;Ergebnisse: EPSILON_SPENT, DELTA_SPENT, SENSITIVITY, NOISE_SCALE, FLOWS_PUBLISHED, OUTSIDE_FLOWS. Das Protokoll enthält genaue Anzahlen übersprungener und verworfener Fahrten: Es ist für den Dateninhaber bestimmt, nicht zur Veröffentlichung.&lt;/p&gt;&lt;p&gt;Quellen: Dumont et al. 2021 §4.2 und §6.3; Kapp et al. 2023 §3.2, §4.2-4.3, §5.2.3-5.4; Asghar, Tyler und Kaafar 2017 Algorithm 1 und §3.3.1; Roy, Kantarcioglu und Sweeney 2016 §3; Cormode, Procopiuc, Srivastava und Tran, 'Differentially private summaries for sparse data', ICDT 2012.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="329"/>
        <source>Discrete Gaussian noise: each user counts at most once per zone pair, in at most M pairs (the automatic M), so the L2 sensitivity is sqrt(M); accounted as rho-zCDP and converted to (EPSILON, DELTA).</source>
        <translation>Diskretes Gauß-Rauschen: Jeder Nutzer zählt höchstens einmal je Zonenpaar, in höchstens M Paaren (das automatische M), daher ist die L2-Sensitivität sqrt(M); verbucht als rho-zCDP und in (EPSILON, DELTA) umgerechnet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_od_flows.py" line="325"/>
        <source>Gaussian thresholding (Wilson et al. 2020 §3): each user counts at most once per zone pair, discrete Gaussian noise on the pairs with users only; (EPSILON, DELTA)-DP, not zero-concentrated DP.</source>
        <translation>Gauß-Schwellenwertbildung (Wilson et al. 2020 §3): Jeder Nutzer zählt höchstens einmal je Zonenpaar, diskretes Gauß-Rauschen nur auf den Paaren mit Nutzern; (EPSILON, DELTA)-DP, nicht zero-concentrated DP.</translation>
    </message>
</context>
<context>
    <name>NoisyZoneCounts</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="351"/>
        <source>Noisy zone counts</source>
        <translation>Verrauschte Zählwerte je Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="185"/>
        <source>Input points</source>
        <translation>Eingabepunkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="188"/>
        <source>Privacy loss of this release; smaller means more noise. 1 is a common choice.</source>
        <translation>Privatsphäre-Verlust dieser Veröffentlichung; kleiner bedeutet mehr Rauschen. 1 ist ein üblicher Wert.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="188"/>
        <source>Maximum points per user (M)</source>
        <translation>Höchstzahl an Punkten je Nutzer (M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="188"/>
        <source>An integer &gt;= 1: each user keeps at most M points, sampled uniformly.</source>
        <translation>Eine ganze Zahl &gt;= 1: Von jedem Nutzer werden höchstens M Punkte behalten, gleichverteilt zufällig ausgewählt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="193"/>
        <source>Time field (counts per time slot; optional)</source>
        <translation>Zeitfeld (Zählwerte je Zeitfenster; optional)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="196"/>
        <source>Time slots</source>
        <translation>Zeitfenster</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="196"/>
        <source>Hour of day (24)</source>
        <translation>Stunde des Tages (24)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="196"/>
        <source>Four-hour windows 02-06 ... 22-02 (6, Kapp et al. 2023)</source>
        <translation>Vierstundenfenster 02-06 ... 22-02 (6, Kapp et al. 2023)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="196"/>
        <source>Day of week (7)</source>
        <translation>Wochentag (7)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="201"/>
        <source>None: every zone published with noise</source>
        <translation>Keiner: jede Zone wird verrauscht veröffentlicht</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="206"/>
        <source>An integer &gt;= 0; 0 publishes every cell.</source>
        <translation>Eine ganze Zahl &gt;= 0; 0 veröffentlicht jede Zelle.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="208"/>
        <source>Round and clamp negative counts to zero</source>
        <translation>Runden und negative Zählwerte auf null setzen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="216"/>
        <source>Noisy count outside all zones</source>
        <translation>Verrauschter Zählwert außerhalb aller Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="216"/>
        <source>Rows written</source>
        <translation>Geschriebene Zeilen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="225"/>
        <source>TOP_K must be a whole number of at least 0 (got {v}); 0 publishes every zone.</source>
        <translation>TOP_K muss eine ganze Zahl von mindestens 0 sein (erhalten: {v}); 0 veröffentlicht jede Zone.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="253"/>
        <source>No USER_FIELD: every point is its own unit of privacy; MAX_CONTRIBUTIONS is not used.</source>
        <translation>Kein USER_FIELD: Jeder Punkt ist seine eigene Schutzeinheit; MAX_CONTRIBUTIONS wird nicht verwendet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="274"/>
        <source>Counting in {cells}.</source>
        <translation>Gezählt wird in {cells}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="283"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="319"/>
        <source>Dropped {n} points whose user id ({field}) is NULL or empty: a NULL could hide the same person twice and break the bound of {m} points per user.</source>
        <translation>{n} Punkte mit NULL oder leerer Nutzer-ID ({field}) wurden verworfen: Hinter NULL könnte sich dieselbe Person zweimal verbergen und die Obergrenze von {m} Punkten je Nutzer verletzen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="313"/>
        <source>TIME_FIELD '{field}' cannot give {kind} slots: {error}. Choose a date-time field (or a date for day of week, a time for hours).</source>
        <translation>TIME_FIELD „{field}“ kann keine Zeitfenster vom Typ {kind} liefern: {error}. Wählen Sie ein Feld mit Datum und Uhrzeit (oder ein Datum für den Wochentag, eine Uhrzeit für Stunden).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="324"/>
        <source>Dropped {n} points whose time ({field}) is NULL.</source>
        <translation>{n} Punkte ohne Zeitangabe (NULL in {field}) wurden verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="292"/>
        <source>one user ({field}), at most {m} points kept per user (sampled uniformly)</source>
        <translation>ein Nutzer ({field}), höchstens {m} Punkte je Nutzer behalten (gleichverteilt ausgewählt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="292"/>
        <source>one point (item-level)</source>
        <translation>ein Punkt (Einzeleintragsebene)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="331"/>
        <source>User bound: {n} points beyond {m} per user were left out (sampled uniformly).</source>
        <translation>Nutzerobergrenze: {n} Punkte über {m} je Nutzer hinaus wurden weggelassen (gleichverteilt ausgewählt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="372"/>
        <source>Cells: {cells}.</source>
        <translation>Zellen: {cells}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="373"/>
        <source>Noisy count outside all zones: {outside} (95% margin of error {moe:g}).</source>
        <translation>Verrauschter Zählwert außerhalb aller Zonen: {outside} (95-%-Fehlerspanne {moe:g}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="377"/>
        <source>Overlapping zones allowed: a point counts in up to {c} zones.</source>
        <translation>Überlappende Zonen zugelassen: Ein Punkt zählt in bis zu {c} Zonen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="380"/>
        <source>Per time slot ({kind}) of field {field}.</source>
        <translation>Je Zeitfenster ({kind}) des Feldes {field}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="382"/>
        <source>Stability threshold: only zones with data whose noisy count reached {t:.4g} are published; a missing zone does not mean zero.</source>
        <translation>Stabilitäts-Schwellenwert: Nur Zonen mit Daten, deren verrauschter Zählwert {t:.4g} erreicht hat, werden veröffentlicht; eine fehlende Zone bedeutet nicht null.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="386"/>
        <source>Only the {k} largest noisy counts are published (post-processing).</source>
        <translation>Nur die {k} größten verrauschten Zählwerte werden veröffentlicht (Nachverarbeitung).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="388"/>
        <source>Counts rounded and clamped at zero (post-processing).</source>
        <translation>Zählwerte gerundet und negative Werte auf null gesetzt (Nachverarbeitung).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="227"/>
        <source>points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="100"/>
        <source>Counts the points in each zone (or H3 hexagon) and publishes the counts with differential privacy.</source>
        <translation>Zählt die Punkte in jeder Zone (oder jedem H3-Sechseck) und veröffentlicht die Zählungen mit Differential Privacy.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="100"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each point, for whoever it belongs to; with USER_FIELD each user with up to M points (user-level privacy).</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; jeder Punkt, für wen auch immer er steht; mit USER_FIELD jede Nutzerin und jeder Nutzer mit bis zu M Punkten (Privatsphäre auf Nutzerebene).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="100"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (EPSILON={epsilon:g}, M={m}): each published count is off by at most ±{moe:.2g} (95%), {mae:.2g} on average, whatever the zone's size.</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (EPSILON={epsilon:g}, M={m}): jede veröffentlichte Zählung weicht um höchstens ±{moe:.2g} ab (95 %), im Mittel um {mae:.2g}, unabhängig von der Größe der Zone.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="203"/>
        <source>Only the k largest counts (0 = all)</source>
        <translation>Nur die k größten Anzahlen (0 = alle)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="257"/>
        <source>Discrete Gaussian noise: each user counts at most once per zone (and slot), in at most M = {m} zones, so the L2 sensitivity is sqrt(M); accounted as rho-zCDP and converted to (EPSILON, DELTA).</source>
        <translation>Diskretes Gauß-Rauschen: Jeder Nutzer zählt höchstens einmal je Zone (und Zeitfenster), in höchstens M = {m} Zonen, daher ist die L2-Sensitivität sqrt(M); verbucht als rho-zCDP und umgerechnet in (EPSILON, DELTA).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="327"/>
        <source>User bound: {n} points were left out (a user's repeats in a zone, and zones beyond {m} per user, sampled uniformly).</source>
        <translation>Nutzerobergrenze: {n} Punkte wurden weggelassen (Wiederholungen eines Nutzers in einer Zone sowie Zonen über {m} je Nutzer hinaus, gleichverteilt ausgewählt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="182"/>
        <source>zones (and slots)</source>
        <translation>Zonen (und Zeitfenster)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="303"/>
        <source>THRESHOLD=1 with NOISE=2 (Gaussian thresholding) needs each point in one zone: the zones overlap (ALLOW_OVERLAP). Use zones that do not overlap, NOISE=0 with THRESHOLD=1, or THRESHOLD=0.</source>
        <translation>THRESHOLD=1 mit NOISE=2 (Gauß-Schwellenwertbildung) erfordert, dass jeder Punkt in genau einer Zone liegt: Die Zonen überlappen sich (ALLOW_OVERLAP). Verwenden Sie Zonen ohne Überlappung, NOISE=0 mit THRESHOLD=1 oder THRESHOLD=0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="111"/>
        <source>&lt;p&gt;Counts the points (households, taps, trip ends) in each zone of a public zone layer or in H3 hexagons, optionally per time slot, and publishes the counts with differential privacy.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zones.&lt;/b&gt; ZONES (a public polygon layer, ids from ZONE_ID_FIELD or the feature ids) or H3_RESOLUTION with an EXTENT: every H3 cell overlapping the extent (the ITMS report §II C). The set of zones is public and chosen without looking at the points (Kapp et al. 2023 §4.2): with THRESHOLD=0 every zone, and every zone x slot, is published with noise, zeros included. Points in no zone are counted in one extra noisy cell, reported as OUTSIDE_COUNT and in the metadata, with the same noise. H3 without EXTENT is only allowed with THRESHOLD=1. Points and zones in different CRSs: points are reprojected to the zones' CRS (to EPSG:4326 for H3), as the log says. A point on a shared edge belongs to the first zone in layer order. Invalid zone polygons are repaired (shapely make_valid, keeping their polygonal part) and counted in the log. Overlapping zones are refused unless ALLOW_OVERLAP is set; then a point counts in every zone containing it and the sensitivity is multiplied by the largest number of zones overlapping at one place.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Unit of privacy.&lt;/b&gt; Without USER_FIELD: one point (item-level), sensitivity 1. With USER_FIELD: one user (Kapp et al. 2023 §4.2-4.3). Each user keeps at most MAX_CONTRIBUTIONS (M) points, chosen uniformly at random (not the first M); adding or removing a user then changes the counts by at most M in total, whichever zones and slots the M points fall in, so the sensitivity is M. Points with a NULL (or empty) user id are dropped and counted in the log: a NULL could hide the same person twice and break the bound M. For trip ends (origin and destination of a trip) use M = 2 x trips per user (Kapp et al. 2023 §4.3.1).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Automatic M.&lt;/b&gt; MAX_CONTRIBUTIONS=0 (with USER_FIELD) chooses M privately: AUTO_SHARE of EPSILON (default 5%) draws M from 1..AUTO_MAX_BOUND by permute-and-flip (McKenna and Sheldon 2020, the exponential mechanism's privacy with a smaller expected loss) on the points per user, aiming at the M where the points left out plus the expected noise error on every cell is smallest (the noise of the chosen NOISE: Laplace with its power-of-two grain, or the discrete Gaussian, growing as the square root of M); the counts use the rest of EPSILON (with NOISE=2, the rest of its rho). The chosen M is in the log and the privacy record, and EPSILON_SPENT includes the choice.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Time slots.&lt;/b&gt; With TIME_FIELD (date-time, date, time or ISO text) each point counts in a (zone, slot) cell: hour of day, the six four-hour windows of Kapp et al. 2023 (02-06, 06-10, ..., 22-02) or day of week (Mon-Sun); one output row per zone and slot (the ITMS report: hexagon-and-timeslot). Clock times are read as written. Points with a NULL time are dropped and counted in the log.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Noise.&lt;/b&gt; NOISE=0: Laplace with scale b = sensitivity / EPSILON on every cell (Dumont et al. 2021 §6.1, Kapp et al. 2023 Definition 4); NOISE=1: discrete Laplace (two-sided geometric), integer noise with the same privacy; DELTA is 0 and unused. NOISE=2: the discrete Gaussian (Canonne, Kamath and Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithm 3), integer noise calibrated to the L2 sensitivity: each user is counted at most once per zone (and slot) and in at most M zones, sampled (so counts are users per zone, not points), which makes the L2 sensitivity sqrt(M) instead of M; it needs DELTA &gt; 0, satisfies rho-zero-concentrated DP (Bun and Steinke 2016) with rho chosen so that the conversion of Canonne, Kamath and Steinke 2020 (Corollary 13) gives (EPSILON, DELTA), and the record carries rho. For large M it is the more accurate choice. moe95 is the 95% margin of error of the noise: the true count lies within noisy_count +- moe95 with 95% probability (before clamping).&lt;/p&gt;&lt;p&gt;&lt;b&gt;THRESHOLD=1&lt;/b&gt;: the stability-based histogram of Asghar, Tyler and Kaafar 2017 Algorithm 1, which needs DELTA in (0, 1). Only cells with a non-zero true count get Laplace noise (scale 2 M / EPSILON) and are published when the noisy count reaches the threshold (2 ln(2 / DELTA) / EPSILON + 1 for M = 1; M + b ln(2 M / DELTA) in general). Zones without data, and zones below the threshold, are missing from the output: a missing zone does not mean zero. No cell is ever introduced that has no data.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Post-processing&lt;/b&gt; (no privacy cost): TOP_K keeps only the k largest noisy counts (Dumont et al. 2021 §6.1 publishes the 10 largest); CLAMP rounds and sets negative counts to zero (Roy, Kantarcioglu and Sweeney 2016). Rows are ordered by zone id, then slot, never by the data (Asghar, Tyler and Kaafar 2017 §3.3.1).&lt;/p&gt;&lt;p&gt;Output fields: zone_id (text), time_slot (text, with TIME_FIELD), noisy_count (real), moe95 (real). Results: EPSILON_SPENT, DELTA_SPENT, SENSITIVITY, NOISE_SCALE, OUTSIDE_COUNT (NaN when the threshold suppressed it), ROWS_WRITTEN. The privacy record is stored in the output's metadata.&lt;/p&gt;&lt;p&gt;Sources: Dumont et al. 2021 §6.1; Kapp et al. 2023 §4.2-4.3; Asghar, Tyler and Kaafar 2017 Algorithm 1 and §3.3.1; the ITMS report §II C and hexagon-and-timeslot aggregation.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Zählt die Punkte (Haushalte, Fahrkarten-Check-ins, Wegenden) in jeder Zone eines öffentlichen Zonenlayers oder in H3-Sechsecken, optional je Zeitfenster, und veröffentlicht die Zählwerte differenziell privat.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zonen.&lt;/b&gt; ZONES (ein öffentlicher Polygonlayer, IDs aus ZONE_ID_FIELD oder die Objekt-IDs) oder H3_RESOLUTION mit EXTENT: jede H3-Zelle, die die Ausdehnung überlappt (ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) §II C). Die Menge der Zonen ist öffentlich und wird gewählt, ohne die Punkte anzusehen (Kapp et al. 2023 §4.2): Mit THRESHOLD=0 wird jede Zone, und jede Kombination aus Zone und Zeitfenster, verrauscht veröffentlicht, Nullen eingeschlossen. Punkte in keiner Zone werden in einer zusätzlichen verrauschten Zelle gezählt, die als OUTSIDE_COUNT und in den Metadaten ausgewiesen wird, mit demselben Rauschen. H3 ohne EXTENT ist nur mit THRESHOLD=1 zulässig. Punkte und Zonen in verschiedenen KBS: Die Punkte werden in das KBS der Zonen umprojiziert (bei H3 nach EPSG:4326), wie das Protokoll vermerkt. Ein Punkt auf einer gemeinsamen Kante gehört zur ersten Zone in der Reihenfolge des Layers. Ungültige Zonenpolygone werden repariert (shapely make_valid, ihr Polygonanteil bleibt erhalten) und im Protokoll gezählt. Überlappende Zonen werden abgelehnt, sofern ALLOW_OVERLAP nicht gesetzt ist; dann zählt ein Punkt in jeder Zone, die ihn enthält, und die Sensitivität wird mit der größten Anzahl von Zonen multipliziert, die sich an einer Stelle überlappen.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Schutzeinheit.&lt;/b&gt; Ohne USER_FIELD: ein Punkt (Einzeleintragsebene), Sensitivität 1. Mit USER_FIELD: ein Nutzer (Kapp et al. 2023 §4.2-4.3). Von jedem Nutzer werden höchstens MAX_CONTRIBUTIONS (M) Punkte behalten, gleichverteilt zufällig ausgewählt (nicht die ersten M); das Hinzufügen oder Entfernen eines Nutzers ändert die Zählwerte dann insgesamt um höchstens M, gleich in welche Zonen und Zeitfenster die M Punkte fallen, daher ist die Sensitivität M. Punkte mit NULL (oder leerer) Nutzer-ID werden verworfen und im Protokoll gezählt: Hinter NULL könnte sich dieselbe Person zweimal verbergen und die Obergrenze M verletzen. Für Wegenden (Quelle und Ziel eines Wegs) verwenden Sie M = 2 x Wege je Nutzer (Kapp et al. 2023 §4.3.1).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Automatisches M.&lt;/b&gt; MAX_CONTRIBUTIONS=0 (mit USER_FIELD) wählt M privat: AUTO_SHARE von EPSILON (Voreinstellung 5 %) zieht M aus 1..AUTO_MAX_BOUND mit Permute-and-Flip (McKenna und Sheldon 2020, die Privatsphäre des Exponentialmechanismus mit kleinerem erwartetem Verlust) auf den Punkten je Nutzer und zielt auf das M, bei dem die weggelassenen Punkte plus der erwartete Rauschfehler auf jeder Zelle am kleinsten sind (das Rauschen des gewählten NOISE: Laplace mit seiner Körnung in Zweierpotenzen oder das diskrete Gauß-Rauschen, das mit der Quadratwurzel von M wächst); die Anzahlen verwenden den Rest von EPSILON (bei NOISE=2 den Rest seines rho). Das gewählte M steht im Protokoll und in den Privatsphäre-Angaben, und EPSILON_SPENT enthält die Auswahl.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zeitfenster.&lt;/b&gt; Mit TIME_FIELD (Datum mit Uhrzeit, Datum, Uhrzeit oder ISO-Text) zählt jeder Punkt in einer Zelle aus Zone und Zeitfenster: Stunde des Tages, die sechs Vierstundenfenster nach Kapp et al. 2023 (02-06, 06-10, ..., 22-02) oder Wochentag (Mon-Sun); eine Ausgabezeile je Zone und Zeitfenster (ITMS-Bericht: Aggregation nach Sechseck und Zeitfenster). Uhrzeiten werden so gelesen, wie sie geschrieben sind. Punkte mit NULL als Zeit werden verworfen und im Protokoll gezählt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Rauschen.&lt;/b&gt; NOISE=0: Laplace mit der Skala b = Sensitivität / EPSILON auf jeder Zelle (Dumont et al. 2021 §6.1, Kapp et al. 2023 Definition 4); NOISE=1: diskretes Laplace (zweiseitig geometrisch), ganzzahliges Rauschen mit derselben Privatsphäre; DELTA ist 0 und wird nicht verwendet. NOISE=2: diskretes Gauß-Rauschen (Canonne, Kamath und Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithm 3), ganzzahliges Rauschen, kalibriert auf die L2-Sensitivität: Jeder Nutzer wird höchstens einmal je Zone (und Zeitfenster) und in höchstens M Zonen gezählt, per Stichprobe ausgewählt (die Zählwerte sind also Nutzer je Zone, nicht Punkte), wodurch die L2-Sensitivität sqrt(M) statt M beträgt; es erfordert DELTA &gt; 0, erfüllt rho-zero-concentrated DP (Bun und Steinke 2016), wobei rho so gewählt wird, dass die Umrechnung nach Canonne, Kamath und Steinke 2020 (Corollary 13) (EPSILON, DELTA) ergibt, und die Privatsphäre-Angaben enthalten rho. Bei großem M ist es die genauere Wahl. moe95 ist die 95-%-Fehlerspanne des Rauschens: Die wahre Anzahl liegt mit 95 % Wahrscheinlichkeit innerhalb von noisy_count +- moe95 (vor dem Abschneiden bei null).&lt;/p&gt;&lt;p&gt;&lt;b&gt;THRESHOLD=1&lt;/b&gt;: das Stabilitätshistogramm nach Asghar, Tyler und Kaafar 2017 Algorithm 1, das DELTA in (0, 1) erfordert. Nur Zellen mit einer wahren Anzahl ungleich null erhalten Laplace-Rauschen (Skala 2 M / EPSILON) und werden veröffentlicht, wenn die verrauschte Anzahl die Schwelle erreicht (2 ln(2 / DELTA) / EPSILON + 1 für M = 1; allgemein M + b ln(2 M / DELTA)). Zonen ohne Daten und Zonen unter der Schwelle fehlen in der Ausgabe: Eine fehlende Zone bedeutet nicht null. Es wird nie eine Zelle ohne Daten hinzugefügt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Nachverarbeitung&lt;/b&gt; (ohne Privatsphäre-Kosten): TOP_K behält nur die k größten verrauschten Zählwerte (Dumont et al. 2021 §6.1 veröffentlicht die 10 größten); CLAMP rundet und setzt negative Zählwerte auf null (Roy, Kantarcioglu und Sweeney 2016). Die Zeilen sind nach Zonen-ID, dann nach Zeitfenster sortiert, nie nach den Daten (Asghar, Tyler und Kaafar 2017 §3.3.1).&lt;/p&gt;&lt;p&gt;Ausgabefelder: zone_id (Text), time_slot (Text, mit TIME_FIELD), noisy_count (Dezimalzahl), moe95 (Dezimalzahl). Ergebnisse: EPSILON_SPENT, DELTA_SPENT, SENSITIVITY, NOISE_SCALE, OUTSIDE_COUNT (NaN, wenn die Schwelle den Wert unterdrückt hat), ROWS_WRITTEN. Die Privatsphäre-Angaben werden in den Metadaten der Ausgabe gespeichert.&lt;/p&gt;&lt;p&gt;Quellen: Dumont et al. 2021 §6.1; Kapp et al. 2023 §4.2-4.3; Asghar, Tyler und Kaafar 2017 Algorithm 1 und §3.3.1; ITMS-Bericht §II C und Aggregation nach Sechseck und Zeitfenster.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_counts.py" line="257"/>
        <source>Discrete Gaussian noise: each user counts at most once per zone (and slot), in at most M zones (the automatic M), so the L2 sensitivity is sqrt(M); accounted as rho-zCDP and converted to (EPSILON, DELTA).</source>
        <translation>Diskretes Gauß-Rauschen: Jeder Nutzer zählt höchstens einmal je Zone (und Zeitfenster), in höchstens M Zonen (das automatische M), daher ist die L2-Sensitivität sqrt(M); verbucht als rho-zCDP und umgerechnet in (EPSILON, DELTA).</translation>
    </message>
</context>
<context>
    <name>NoisyZoneStatistics</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="455"/>
        <source>Noisy zone statistics</source>
        <translation>Verrauschte Statistiken je Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="182"/>
        <source>Input points</source>
        <translation>Eingabepunkte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="188"/>
        <source>Statistic</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="188"/>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="188"/>
        <source>Sum</source>
        <translation>Summe</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="188"/>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="188"/>
        <source>Count above LIMIT per day (the ITMS report Query 2)</source>
        <translation>Anzahl über LIMIT je Tag (ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) Query 2)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="188"/>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="188"/>
        <source>Quartiles</source>
        <translation>Quartile</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="188"/>
        <source>Five-number summary</source>
        <translation>Fünf-Punkte-Zusammenfassung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="194"/>
        <source>Lower bound of the value (public)</source>
        <translation>Untere Grenze des Werts (öffentlich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="194"/>
        <source>A finite number you declare, e.g. 0 km/h; values below it are clamped to it.</source>
        <translation>Eine endliche Zahl, die Sie festlegen, z. B. 0 km/h; kleinere Werte werden auf sie begrenzt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="194"/>
        <source>Upper bound of the value (public)</source>
        <translation>Obere Grenze des Werts (öffentlich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="194"/>
        <source>A finite number above LOWER you declare, e.g. 65 km/h; values above it are clamped.</source>
        <translation>Eine endliche Zahl über LOWER, die Sie festlegen, z. B. 65 km/h; größere Werte werden begrenzt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="202"/>
        <source>Limit (count above LIMIT per day)</source>
        <translation>Grenzwert (Anzahl über LIMIT je Tag)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="205"/>
        <source>A number in [LOWER, UPPER), e.g. a speed limit of 50 km/h.</source>
        <translation>Eine Zahl in [LOWER, UPPER), z. B. eine Geschwindigkeitsgrenze von 50 km/h.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="210"/>
        <source>The public number of days the data covers (the ITMS report: 31), declared, not counted.</source>
        <translation>Die öffentliche Anzahl der Tage, die die Daten abdecken (ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0): 31), festgelegt, nicht gezählt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="212"/>
        <source>Unit of privacy</source>
        <translation>Schutzeinheit</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="212"/>
        <source>One record</source>
        <translation>Ein Datensatz</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="212"/>
        <source>One user (USER_FIELD, at most M records)</source>
        <translation>Ein Nutzer (USER_FIELD, höchstens M Datensätze)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="212"/>
        <source>One user-day (USER_FIELD and a day; at most K cells per day)</source>
        <translation>Ein Nutzertag (USER_FIELD und ein Tag; höchstens K Zellen je Tag)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="217"/>
        <source>User id field (user and user-day units)</source>
        <translation>Nutzer-ID-Feld (Schutzeinheiten Nutzer und Nutzertag)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="223"/>
        <source>An integer &gt;= 1: each user (or user-day, in each cell) keeps at most M records, sampled uniformly.</source>
        <translation>Eine ganze Zahl &gt;= 1: Jeder Nutzer (bzw. Nutzertag, in jeder Zelle) behält höchstens M Datensätze, gleichverteilt zufällig ausgewählt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="226"/>
        <source>Maximum cells per user-day (K)</source>
        <translation>Höchstzahl Zellen je Nutzertag (K)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="229"/>
        <source>An integer &gt;= 1: each user-day keeps at most K cells, sampled uniformly; each cell gets epsilon / K.</source>
        <translation>Eine ganze Zahl &gt;= 1: Jeder Nutzertag behält höchstens K Zellen, gleichverteilt zufällig ausgewählt; jede Zelle erhält Epsilon / K.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="235"/>
        <source>Time slots</source>
        <translation>Zeitfenster</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="235"/>
        <source>Hour of day (24)</source>
        <translation>Stunde des Tages (24)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="235"/>
        <source>Four-hour windows 02-06 ... 22-02 (6, Kapp et al. 2023)</source>
        <translation>Vierstundenfenster 02-06 ... 22-02 (6, Kapp et al. 2023)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="235"/>
        <source>Day of week (7)</source>
        <translation>Wochentag (7)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="246"/>
        <source>A number &gt;= 0, over the whole period (the ITMS report: 10 buses a day x 31 days).</source>
        <translation>Eine Zahl &gt;= 0, über den ganzen Zeitraum (ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0): 10 Busse am Tag x 31 Tage).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="248"/>
        <source>Between 0 and 1 (exclusive); for sum, count above LIMIT and quantiles.</source>
        <translation>Zwischen 0 und 1 (ausschließlich); für Summe, Anzahl über LIMIT und Quantile.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="248"/>
        <source>Mean: share of epsilon for the noisy sum</source>
        <translation>Mittelwert: Anteil des Epsilons für die verrauschte Summe</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="248"/>
        <source>Between 0 and 1 (exclusive); the rest goes to the noisy count. 0.5 gives the smallest margin.</source>
        <translation>Zwischen 0 und 1 (ausschließlich); der Rest geht an die verrauschte Anzahl. 0,5 ergibt die kleinste Fehlerspanne.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="263"/>
        <source>An integer &gt;= 2; a public grid (values are rounded to it).</source>
        <translation>Eine ganze Zahl &gt;= 2; ein öffentliches Raster (die Werte werden darauf gerundet).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="269"/>
        <source>Each user-day then adds one value, its mean, to a cell (M = 1), as the ITMS report averages a bus's speed per day before averaging over buses.</source>
        <translation>Jeder Nutzertag trägt dann einen Wert, seinen Mittelwert, zu einer Zelle bei (M = 1), so wie im ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) die Geschwindigkeit eines Busses je Tag mittelt, bevor über die Busse gemittelt wird.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="272"/>
        <source>Epsilon (privacy loss per unit of privacy)</source>
        <translation>Epsilon (Privatsphäre-Verlust je Schutzeinheit)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="275"/>
        <source>Total privacy loss of one unit over all cells; smaller means more noise.</source>
        <translation>Gesamter Privatsphäre-Verlust einer Schutzeinheit über alle Zellen; kleiner bedeutet mehr Rauschen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="287"/>
        <source>Epsilon spent</source>
        <translation>Verbrauchtes Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="287"/>
        <source>Delta spent</source>
        <translation>Verbrauchtes Delta</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="287"/>
        <source>Epsilon per cell</source>
        <translation>Epsilon je Zelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="287"/>
        <source>Rows written</source>
        <translation>Geschriebene Zeilen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="324"/>
        <source>UNIT is one record: MAX_CONTRIBUTIONS is not used.</source>
        <translation>UNIT ist ein Datensatz: MAX_CONTRIBUTIONS wird nicht verwendet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="335"/>
        <source>DAY_FIELD is only used for user-days and, with users, for the count above LIMIT per day; it is not used here.</source>
        <translation>DAY_FIELD wird nur für Nutzertage und, mit Nutzern, für die Anzahl über LIMIT je Tag verwendet; hier wird es nicht verwendet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="343"/>
        <source>VALUE_FIELD '{field}' is not a numeric field of INPUT: choose an integer or real field, or convert it first (Field calculator, to_real("{field}")).</source>
        <translation>VALUE_FIELD „{field}“ ist kein numerisches Feld von INPUT: Wählen Sie ein Ganzzahl- oder Dezimalfeld, oder wandeln Sie es zuerst um (Feldrechner, to_real("{field}")).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="47"/>
        <source>Cells: {cells}.</source>
        <translation>Zellen: {cells}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="428"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="377"/>
        <source>Every value of VALUE_FIELD '{field}' is NULL: there is nothing to summarise. Choose the field that holds the measured values.</source>
        <translation>Jeder Wert von VALUE_FIELD „{field}“ ist NULL: Es gibt nichts zusammenzufassen. Wählen Sie das Feld mit den Messwerten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="386"/>
        <source>TIME_FIELD '{field}' cannot give {kind} slots: {error}. Choose a date-time field (or a date for day of week, a time for hours).</source>
        <translation>TIME_FIELD „{field}“ kann keine Zeitfenster vom Typ {kind} liefern: {error}. Wählen Sie ein Datum-Zeit-Feld (oder ein Datum für den Wochentag, eine Uhrzeit für Stunden).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="394"/>
        <source>{name} '{field}' cannot give the day of each record: {error}. Choose a date or date-time field, or a whole day number.</source>
        <translation>{name} „{field}“ kann nicht den Tag jedes Datensatzes liefern: {error}. Wählen Sie ein Datums- oder Datum-Zeit-Feld oder eine ganze Tagesnummer.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="15"/>
        <source>Dropped {n} points whose value ({field}) is NULL.</source>
        <translation>{n} Punkte ohne Wert (NULL in {field}) wurden verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="18"/>
        <source>Dropped {n} points whose time ({field}) is NULL.</source>
        <translation>{n} Punkte ohne Zeitangabe (NULL in {field}) wurden verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="21"/>
        <source>Dropped {n} points whose user id ({field}) is NULL or empty: a NULL could hide the same user twice and break the bound per user.</source>
        <translation>{n} Punkte mit NULL oder leerer Nutzer-ID ({field}) wurden verworfen: Hinter NULL könnte sich derselbe Nutzer zweimal verbergen und die Schranke je Nutzer brechen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="26"/>
        <source>Dropped {n} points whose day ({field}) is NULL.</source>
        <translation>{n} Punkte ohne Tag (NULL in {field}) wurden verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="29"/>
        <source>Dropped {n} points in no zone.</source>
        <translation>{n} Punkte in keiner Zone wurden verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="31"/>
        <source>Clamped {below} values below LOWER ({lower:g}) and {above} above UPPER ({upper:g}) to the bounds.</source>
        <translation>{below} Werte unter LOWER ({lower:g}) und {above} über UPPER ({upper:g}) wurden auf die Grenzen begrenzt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="37"/>
        <source>Contribution bound: {n} points beyond the bound were left out (sampled uniformly).</source>
        <translation>Beitragsschranke: {n} Punkte über der Schranke wurden weggelassen (gleichverteilt zufällig ausgewählt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="41"/>
        <source>{kept} of {records} points were aggregated.</source>
        <translation>{kept} von {records} Punkten wurden aggregiert.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="48"/>
        <source>Statistic {statistic} of field {field}.</source>
        <translation>Statistik {statistic} des Feldes {field}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="51"/>
        <source>Per time slot ({kind}) of field {field}.</source>
        <translation>Je Zeitfenster ({kind}) des Feldes {field}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/zone_statistics_log.py" line="54"/>
        <source>Only cells whose noisy count reached {t:g} are published; a missing cell does not mean zero.</source>
        <translation>Nur Zellen, deren verrauschte Anzahl {t:g} erreicht hat, werden veröffentlicht; eine fehlende Zelle bedeutet nicht null.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="115"/>
        <source>Publishes a statistic of a measured value (speed, dwell time, fare) per zone or H3 hexagon with differential privacy: count, sum, mean, count above a limit or quantiles.</source>
        <translation>Veröffentlicht eine Statistik eines Messwerts (Geschwindigkeit, Verweildauer, Fahrpreis) je Zone oder H3-Sechseck mit Differential Privacy: Anzahl, Summe, Mittelwert, Anzahl über einem Grenzwert oder Quantile.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="115"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each record (UNIT=0), each user with up to M records, or each user-day (USER_FIELD), for whoever made them.</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; jeder Datensatz (UNIT=0), jede Nutzerin und jeder Nutzer mit bis zu M Datensätzen oder jeder Nutzer-Tag (USER_FIELD), für wen auch immer sie stehen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="115"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (mean, EPSILON={epsilon:g}, M={m}): the mean of a cell with {n} records of values in [{lower:g}, {upper:g}] is off by at most ±{moe:.2g} (95%).</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (Mittelwert, EPSILON={epsilon:g}, M={m}): der Mittelwert einer Zelle mit {n} Datensätzen mit Werten in [{lower:g}, {upper:g}] weicht um höchstens ±{moe:.2g} ab (95 %).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="185"/>
        <source>Value field (numeric)</source>
        <translation>Wertfeld (numerisch)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="207"/>
        <source>Days in the period</source>
        <translation>Tage im Zeitraum</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="220"/>
        <source>Maximum records per user (M)</source>
        <translation>Höchstens Datensätze je Nutzer (M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="232"/>
        <source>Time field</source>
        <translation>Zeitfeld</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="240"/>
        <source>Day field</source>
        <translation>Tagesfeld</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="243"/>
        <source>Minimum noisy count per cell</source>
        <translation>Mindestanzahl (verrauscht) je Zelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="248"/>
        <source>Epsilon share of the support count</source>
        <translation>Epsilon-Anteil der Mindestanzahl</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="259"/>
        <source>Candidate values (quantiles)</source>
        <translation>Kandidatenwerte (Quantile)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="265"/>
        <source>Average per user-day first</source>
        <translation>Zuerst je Nutzertag mitteln</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="223"/>
        <source>records</source>
        <translation>Datensätze</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="328"/>
        <source>Discrete Gaussian noise on every cell, calibrated to the L2 sensitivity over all cells; accounted as rho-zCDP and converted to (EPSILON, DELTA).</source>
        <translation>Diskretes Gauß-Rauschen auf jeder Zelle, kalibriert auf die L2-Sensitivität über alle Zellen; verbucht als rho-zCDP und in (EPSILON, DELTA) umgerechnet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="287"/>
        <source>Sensitivity (per cell; L2 with NOISE=2)</source>
        <translation>Sensitivität (je Zelle; L2 mit NOISE=2)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="287"/>
        <source>Noise scale (per cell; sigma with NOISE=2)</source>
        <translation>Rauschskala (je Zelle; Sigma mit NOISE=2)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/noisy_zone_statistics.py" line="126"/>
        <source>&lt;p&gt;Publishes a statistic of a measured value (speed, dwell time, fare: VALUE_FIELD) per zone of a public zone layer or H3 hexagon, optionally per time slot, with differential privacy: the ITMS report §III (average bus speed per hexagon and time slot, Query 1; buses per day above a speed limit, Query 2) and Kapp et al. 2023 §4.3 (user-level privacy, five-number summaries).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Cells.&lt;/b&gt; ZONES with ZONE_ID_FIELD, or H3_RESOLUTION with a public EXTENT, as in Noisy zone counts; every cell gets its mechanism, empty ones included. Overlapping zones are not supported. With TIME_FIELD each point lies in a (zone, slot) cell (hour of day, four-hour windows or day of week). Points in no zone are dropped.&lt;/p&gt;&lt;p&gt;&lt;b&gt;STATISTIC.&lt;/b&gt; count; sum; mean (a noisy sum of values centred on (LOWER+UPPER)/2 over a noisy count, MEAN_SUM_SHARE of epsilon for the sum; Wilson et al. 2020); count of units above LIMIT averaged over the public number of DAYS in the period (the ITMS report Query 2); median, quartiles or the five-number summary by the exponential mechanism on ranks over QUANTILE_GRID values from LOWER to UPPER (Kapp et al. 2023 §4.3.2). Every mechanism spends delta = 0.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Public bounds.&lt;/b&gt; LOWER and UPPER (e.g. 0 and 65 km/h) are required and declared by you; every value is clamped to them before anything is summed; the number of clamped values is in the log. The ITMS report takes the maximum speed (65 km/h) and the number of buses N from the raw data and uses (max - min) / N as the sensitivity of the mean: both are statistics of the private data, and N changes when a bus is added, so that release is not differentially private. They are not copied: the bounds are declarations, and the mean divides by a noisy count.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Bounds chosen privately.&lt;/b&gt; AUTO_VALUE_BOUNDS: LOWER and UPPER are then the declared public range, and the bounds the values are clamped to are the private 2nd and 98th percentiles of the values within it (the exponential mechanism on ranks, Kapp et al. 2023 §4.3.2, each user's at most M values), with AUTO_SHARE of EPSILON (default 5%). MAX_CONTRIBUTIONS=0 (UNIT=1) chooses M privately with another AUTO_SHARE: permute-and-flip (McKenna and Sheldon 2020) over 1..AUTO_MAX_BOUND on the records per user, aiming at the M where the records left out plus the expected noise error on every cell is smallest. The statistics use the rest of EPSILON (with NOISE=2, the rest of its rho); the chosen bounds and M are in the log and the privacy record, and EPSILON_SPENT includes them.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Unit of privacy (UNIT).&lt;/b&gt; 0 record: one point (item level). 1 user: USER_FIELD, each user keeps at most MAX_CONTRIBUTIONS (M) points, sampled uniformly (Kapp et al. 2023 §4.3); sensitivities are for M points. 2 user-day (the ITMS report's epsilon per day): a user on one day (DAY_FIELD, or the date of TIME_FIELD) keeps at most MAX_CELLS_PER_DAY (K) cells and M points per cell, sampled uniformly; every cell runs with epsilon / K and a user-day loses at most the sum of the K largest per-cell epsilons, EPSILON (the ITMS report §III F). With PER_UNIT_MEAN each user-day adds the mean of its values in a cell instead (the ITMS report Query 1; M = 1). K is a bound you declare, enforced by sampling; the ITMS report reads K = 89 from its data, which is not done here. Points with a NULL user or day are dropped and counted.&lt;/p&gt;&lt;p&gt;&lt;b&gt;NULL values&lt;/b&gt; of VALUE_FIELD and NULL times are dropped and counted in the log.&lt;/p&gt;&lt;p&gt;&lt;b&gt;MIN_SUPPORT&lt;/b&gt; (the ITMS report publishes only cells with at least 10 buses a day): a cell is published only when a noisy count of its points over the whole period reaches MIN_SUPPORT, never the raw count. The count and the mean test their own noisy count; the other statistics spend SUPPORT_SHARE of the cell's epsilon on a separate noisy count. Missing cells do not mean zero.&lt;/p&gt;&lt;p&gt;Output fields: zone_id, time_slot (with TIME_FIELD), the statistic (count, sum, mean, per_day_above, median, q1/median/q3 or min/q1/median/q3/max), moe95 (95% margin of error in value units; the mean's from its noisy count) or moe95_rank (quantiles: ranks), and noisy_support (the noisy count the minimum support was tested on, when there was one). Rows are ordered by zone id and slot. The privacy record (per-cell and total epsilon, mechanism, sensitivity) is stored in the output's metadata; the layer loads graduated by the statistic.&lt;/p&gt;&lt;p&gt;Sources: the ITMS report §II D and §III; Kapp et al. 2023 §4.2-4.3.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Veröffentlicht eine Statistik eines Messwerts (Geschwindigkeit, Verweildauer, Fahrpreis: VALUE_FIELD) je Zone eines öffentlichen Zonenlayers oder je H3-Sechseck, optional je Zeitfenster, differenziell privat: ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) §III (mittlere Busgeschwindigkeit je Sechseck und Zeitfenster, Query 1; Busse je Tag über einer Geschwindigkeitsgrenze, Query 2) und Kapp et al. 2023 §4.3 (Privatsphäre auf Nutzerebene, Fünf-Punkte-Zusammenfassungen).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zellen.&lt;/b&gt; ZONES mit ZONE_ID_FIELD oder H3_RESOLUTION mit einem öffentlichen EXTENT, wie bei Verrauschte Zählwerte je Zone; jede Zelle erhält ihren Mechanismus, auch leere. Überlappende Zonen werden nicht unterstützt. Mit TIME_FIELD liegt jeder Punkt in einer Zelle aus Zone und Zeitfenster (Stunde des Tages, Vierstundenfenster oder Wochentag). Punkte in keiner Zone werden verworfen.&lt;/p&gt;&lt;p&gt;&lt;b&gt;STATISTIC.&lt;/b&gt; Anzahl; Summe; Mittelwert (eine verrauschte Summe der um (LOWER+UPPER)/2 zentrierten Werte geteilt durch eine verrauschte Anzahl, MEAN_SUM_SHARE des Epsilons für die Summe; Wilson et al. 2020); Anzahl der Einheiten über LIMIT, gemittelt über die öffentliche Anzahl DAYS an Tagen des Zeitraums (ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) Query 2); Median, Quartile oder Fünf-Punkte-Zusammenfassung mit dem Exponential-Mechanismus auf Rängen über QUANTILE_GRID Werte von LOWER bis UPPER (Kapp et al. 2023 §4.3.2). Jeder Mechanismus verbraucht delta = 0.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Öffentliche Grenzen.&lt;/b&gt; LOWER und UPPER (z. B. 0 und 65 km/h) sind erforderlich und werden von Ihnen festgelegt; jeder Wert wird vor jeder Summierung auf sie begrenzt; die Anzahl begrenzter Werte steht im Protokoll. Der ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) entnimmt die Höchstgeschwindigkeit (65 km/h) und die Anzahl N der Busse den Rohdaten und verwendet (max - min) / N als Sensitivität des Mittelwerts: Beides sind Statistiken der privaten Daten, und N ändert sich, wenn ein Bus hinzukommt, daher ist diese Veröffentlichung nicht differenziell privat. Beides wird nicht übernommen: Die Grenzen sind Festlegungen, und der Mittelwert teilt durch eine verrauschte Anzahl.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Privat gewählte Grenzen.&lt;/b&gt; AUTO_VALUE_BOUNDS: LOWER und UPPER sind dann der deklarierte öffentliche Bereich, und die Grenzen, auf die die Werte begrenzt werden, sind das private 2. und 98. Perzentil der Werte darin (der Exponentialmechanismus auf Rängen, Kapp et al. 2023 §4.3.2, höchstens M Werte je Nutzer), mit AUTO_SHARE von EPSILON (Voreinstellung 5 %). MAX_CONTRIBUTIONS=0 (UNIT=1) wählt M privat mit einem weiteren AUTO_SHARE: Permute-and-Flip (McKenna und Sheldon 2020) über 1..AUTO_MAX_BOUND auf den Datensätzen je Nutzer, mit dem Ziel des M, bei dem die weggelassenen Datensätze plus der erwartete Rauschfehler auf jeder Zelle am kleinsten sind. Die Statistiken verwenden den Rest von EPSILON (bei NOISE=2 den Rest seines rho); die gewählten Grenzen und M stehen im Protokoll und in den Privatsphäre-Angaben, und EPSILON_SPENT enthält sie.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Schutzeinheit (UNIT).&lt;/b&gt; 0 Datensatz: ein Punkt (Einzelebene). 1 Nutzer: USER_FIELD, jeder Nutzer behält höchstens MAX_CONTRIBUTIONS (M) Punkte, gleichverteilt zufällig ausgewählt (Kapp et al. 2023 §4.3); die Sensitivitäten gelten für M Punkte. 2 Nutzertag (Epsilon je Tag im ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0)): ein Nutzer an einem Tag (DAY_FIELD oder das Datum aus TIME_FIELD) behält höchstens MAX_CELLS_PER_DAY (K) Zellen und M Punkte je Zelle, gleichverteilt zufällig ausgewählt; jede Zelle läuft mit Epsilon / K, und ein Nutzertag verliert höchstens die Summe der K größten Epsilons je Zelle, EPSILON (ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) §III F). Mit PER_UNIT_MEAN trägt jeder Nutzertag stattdessen den Mittelwert seiner Werte in einer Zelle bei (ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) Query 1; M = 1). K ist eine von Ihnen festgelegte Schranke, durch Stichprobenziehung durchgesetzt; ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) liest K = 89 aus seinen Daten ab, was hier nicht geschieht. Punkte mit NULL als Nutzer oder Tag werden verworfen und gezählt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;NULL-Werte&lt;/b&gt; in VALUE_FIELD und NULL-Zeiten werden verworfen und im Protokoll gezählt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;MIN_SUPPORT&lt;/b&gt; (ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) veröffentlicht nur Zellen mit mindestens 10 Bussen am Tag): Eine Zelle wird nur veröffentlicht, wenn eine verrauschte Anzahl ihrer Punkte über den ganzen Zeitraum MIN_SUPPORT erreicht, nie die Rohanzahl. Anzahl und Mittelwert prüfen ihre eigene verrauschte Anzahl; die übrigen Statistiken verwenden SUPPORT_SHARE des Epsilons der Zelle für eine eigene verrauschte Anzahl. Fehlende Zellen bedeuten nicht null.&lt;/p&gt;&lt;p&gt;Ausgabefelder: zone_id, time_slot (mit TIME_FIELD), die Statistik (count, sum, mean, per_day_above, median, q1/median/q3 oder min/q1/median/q3/max), moe95 (95-%-Fehlerspanne in Einheiten des Werts; beim Mittelwert aus seiner verrauschten Anzahl) oder moe95_rank (Quantile: Ränge) und noisy_support (die verrauschte Anzahl, an der die Mindestbesetzung geprüft wurde, falls geprüft). Die Zeilen sind nach Zonen-ID und Zeitfenster geordnet. Der Privatsphäre-Nachweis (Epsilon je Zelle und insgesamt, Mechanismus, Sensitivität) steht in den Metadaten der Ausgabe; der Layer wird abgestuft nach der Statistik dargestellt.&lt;/p&gt;&lt;p&gt;Quellen: ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) §II D und §III; Kapp et al. 2023 §4.2-4.3.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ParameterHelp</name>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="15"/>
        <source>0: automatic (at most 24 bins from the public maximum).</source>
        <translation>0: automatisch (höchstens 24 Klassen bis zum öffentlichen Maximum).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="18"/>
        <source>1 without a user field.</source>
        <translation>1 ohne Nutzerfeld.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="20"/>
        <source>As the release's stability histogram (its THRESHOLD 1).</source>
        <translation>Wie das Stabilitätshistogramm der Veröffentlichung (deren THRESHOLD 1).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="22"/>
        <source>The release's MIN_FLOW; 0 publishes every cell.</source>
        <translation>MIN_FLOW der Veröffentlichung; 0 veröffentlicht jede Zelle.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="24"/>
        <source>For randomized response.</source>
        <translation>Für Randomized Response.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="26"/>
        <source>For zone statistics (mean); default: the centre of the bounds.</source>
        <translation>Für Zonenstatistiken (Mittelwert); Standard: die Mitte der Grenzen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="28"/>
        <source>For zone statistics: the minimum noisy count of records to publish a zone.</source>
        <translation>Für Zonenstatistiken: die verrauschte Mindestanzahl von Datensätzen, um eine Zone zu veröffentlichen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="30"/>
        <source>For zone statistics: the share of epsilon for the minimum-support count.</source>
        <translation>Für Zonenstatistiken: der Epsilon-Anteil für die Mindestanzahl.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="32"/>
        <source>For zone statistics, mean: the share of epsilon for the noisy sum.</source>
        <translation>Für Zonenstatistiken, Mittelwert: der Epsilon-Anteil für die verrauschte Summe.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="34"/>
        <source>For zone statistics, quantiles: the number of candidate values.</source>
        <translation>Für Zonenstatistiken, Quantile: die Anzahl der Kandidatenwerte.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="36"/>
        <source>The cells one contribution adds to: 2 for trip ends.</source>
        <translation>Die Zellen, zu denen ein Beitrag zählt: 2 für Wegenden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="38"/>
        <source>Optional; replaces the sweep of scales.</source>
        <translation>Optional; ersetzt den Durchlauf der Skalen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="40"/>
        <source>For internal study runs only: identifier fields link rows to the raw records.</source>
        <translation>Nur für interne Studienläufe: Kennungsfelder verknüpfen Zeilen mit den Rohdatensätzen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="44"/>
        <source>The delta of the OD flows' selection (the stability-based histogram, or Gaussian thresholding with NOISE=2), e.g. 1e-6.</source>
        <translation>Das Delta der Auswahl der Quelle-Ziel-Ströme (durch das Stabilitätshistogramm oder, mit NOISE=2, durch Gauß-Schwellenwertbildung), z. B. 1e-6.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="47"/>
        <source>For records (one row per trip start and one per trip end); not used for trip lines.</source>
        <translation>Für Datensätze (eine Zeile je Wegbeginn und eine je Wegende); nicht für Weglinien.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="50"/>
        <source>Optional: coordinates from the X and Y fields instead of the point geometries.</source>
        <translation>Optional: Koordinaten aus den X- und Y-Feldern statt aus den Punktgeometrien.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="53"/>
        <source>Default: the layer's CRS.</source>
        <translation>Standard: das KBS des Layers.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="55"/>
        <source>e.g. 2024-01-01.</source>
        <translation>z. B. 2024-01-01.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="57"/>
        <source>Each trip is its own unit of privacy (M = 1).</source>
        <translation>Jeder Weg ist seine eigene Schutzeinheit (M = 1).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="59"/>
        <source>Compares the report with the noise-free data: NOT differentially private; never publish it.</source>
        <translation>Vergleicht den Bericht mit den Daten ohne Rauschen: NICHT differenziell privat; niemals veröffentlichen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="62"/>
        <source>HTML; NOT differentially private.</source>
        <translation>HTML; NICHT differenziell privat.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="64"/>
        <source>Lines, or a layer or table with coordinate fields.</source>
        <translation>Linien, oder ein Layer oder eine Tabelle mit Koordinatenfeldern.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="66"/>
        <source>Optional: instead of line geometries; give all four coordinate fields.</source>
        <translation>Optional: statt Liniengeometrien; alle vier Koordinatenfelder angeben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="68"/>
        <source>Flows whose origin and destination are in one zone.</source>
        <translation>Ströme, deren Start und Ziel in einer Zone liegen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="70"/>
        <source>e.g. speed, dwell time, fare.</source>
        <translation>z. B. Geschwindigkeit, Verweildauer, Fahrpreis.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="72"/>
        <source>Optional: statistics per time slot.</source>
        <translation>Optional: Statistiken je Zeitfenster.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="74"/>
        <source>For user-days; default: the date of TIME_FIELD.</source>
        <translation>Für Nutzertage; Standard: das Datum von TIME_FIELD.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="76"/>
        <source>Their privacy records are read.</source>
        <translation>Ihre Privatsphäre-Protokolle werden gelesen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="78"/>
        <source>Replacements stay within the stratum; the stratum is not protected.</source>
        <translation>Ersetzungen bleiben in der Schicht; die Schicht ist nicht geschützt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="80"/>
        <source>Lines, or a table with coordinate fields.</source>
        <translation>Linien, oder eine Tabelle mit Koordinatenfeldern.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="82"/>
        <source>e.g. gender=male|female; usertype=Subscriber|Customer.</source>
        <translation>z. B. gender=male|female; usertype=Subscriber|Customer.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="84"/>
        <source>One per table or marginal, e.g. 1,4,2,2,1.</source>
        <translation>Eines je Tabelle oder Randverteilung, z. B. 1,4,2,2,1.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="86"/>
        <source>Compares with the raw trips: NOT differentially private.</source>
        <translation>Vergleicht mit den Rohwegen: NICHT differenziell privat.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="88"/>
        <source>NOT differentially private.</source>
        <translation>NICHT differenziell privat.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="90"/>
        <source>SDD: start and end are published exactly and are not protected.</source>
        <translation>SDD: Start und Ende werden exakt veröffentlicht und sind nicht geschützt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="92"/>
        <source>Noisy zone counts or a public table.</source>
        <translation>Verrauschte Zonenanzahlen oder eine öffentliche Tabelle.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="94"/>
        <source>Default: the origin histogram.</source>
        <translation>Standard: das Histogramm der Startzonen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="96"/>
        <source>A noisy OD matrix or a public table; keeps the joint histogram.</source>
        <translation>Eine verrauschte Quelle-Ziel-Matrix oder eine öffentliche Tabelle; behält das gemeinsame Histogramm.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="98"/>
        <source>For the list of zones and their representative points.</source>
        <translation>Für die Liste der Zonen und ihre repräsentativen Punkte.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/parameter_help.py" line="100"/>
        <source>For locations; optional.</source>
        <translation>Für Orte; optional.</translation>
    </message>
</context>
<context>
    <name>PrivacyReport</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="63"/>
        <source>Privacy report (budget accounting)</source>
        <translation>Privatsphäre-Bericht (Budgetabrechnung)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="143"/>
        <source>Privacy ledger (JSON)</source>
        <translation>Privatsphäre-Journal (JSON)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="379"/>
        <source>Releases</source>
        <translation>Veröffentlichungen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="362"/>
        <source>Privacy report</source>
        <translation>Privatsphäre-Bericht</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="160"/>
        <source>HTML files (*.html)</source>
        <translation>HTML-Dateien (*.html)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="180"/>
        <source>Sources</source>
        <translation>Datenquellen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="181"/>
        <source>Releases counted</source>
        <translation>Gezählte Veröffentlichungen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="187"/>
        <source>Give LAYERS (released layers) and/or LEDGER (the privacy ledger).</source>
        <translation>Geben Sie LAYERS (veröffentlichte Layer) und/oder LEDGER (das Privatsphäre-Journal) an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="195"/>
        <source>LEDGER {path} does not exist.</source>
        <translation>LEDGER {path} existiert nicht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="209"/>
        <source>Layer '{name}' has no dp_geoprivacy privacy record and is not counted.</source>
        <translation>Der Layer „{name}“ hat keine Privatsphäre-Angaben von dp_geoprivacy und wird nicht gezählt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="217"/>
        <source>Layer '{name}' ({algorithm}) is NOT differentially private: it is not counted and must not be published.</source>
        <translation>Der Layer „{name}“ ({algorithm}) ist NICHT differenziell privat: Er wird nicht gezählt und darf nicht veröffentlicht werden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="358"/>
        <source>Read from {n} layer(s)</source>
        <translation>Gelesen aus {n} Layer(n)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="360"/>
        <source> and the ledger {path}</source>
        <translation> und dem Journal {path}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="379"/>
        <source>Source</source>
        <translation>Datenquelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="379"/>
        <source>Grouped by</source>
        <translation>Gruppiert nach</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="379"/>
        <source>Sum of epsilons</source>
        <translation>Summe der Epsilons</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="379"/>
        <source>Worst cell</source>
        <translation>Ungünstigste Zelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="379"/>
        <source>Driven by</source>
        <translation>Bestimmt durch</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="386"/>
        <source>input layer name</source>
        <translation>Name des Eingabelayers</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="386"/>
        <source>ledger fingerprint</source>
        <translation>Fingerabdruck im Journal</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Release</source>
        <translation>Veröffentlichung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Algorithm</source>
        <translation>Algorithmus</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Epsilon</source>
        <translation>Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Delta</source>
        <translation>Delta</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Partition</source>
        <translation>Partition</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Unit of privacy</source>
        <translation>Schutzeinheit</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Drives the total</source>
        <translation>Bestimmt die Summe</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="404"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="406"/>
        <source> (seeded)</source>
        <translation> (mit Zufallssaat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="382"/>
        <source>(other)</source>
        <translation>(andere)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="416"/>
        <source>How the totals are computed</source>
        <translation>Wie die Summen berechnet werden</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="168"/>
        <source>Largest (epsilon, delta)-DP total of one source: epsilon</source>
        <translation>Größte (Epsilon, Delta)-DP-Summe einer Datenquelle: Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="170"/>
        <source>Largest (epsilon, delta)-DP total of one source: delta</source>
        <translation>Größte (Epsilon, Delta)-DP-Summe einer Datenquelle: Delta</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="176"/>
        <source>Largest geo-indistinguishability total of one source: epsilon</source>
        <translation>Größte Summe der Geo-Ununterscheidbarkeit einer Datenquelle: Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="178"/>
        <source>... per this distance (metres)</source>
        <translation>... je dieser Entfernung (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="199"/>
        <source>LEDGER: {error}. Give the ledger file the privatizing runs wrote.</source>
        <translation>LEDGER: {error}. Geben Sie die Journaldatei an, die die privatisierenden Läufe geschrieben haben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="281"/>
        <source>geo-indistinguishability ({norm}), per location</source>
        <translation>Geo-Ununterscheidbarkeit ({norm}), je Ort</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="282"/>
        <source>(epsilon, delta)-differential privacy, per unit of privacy</source>
        <translation>(Epsilon, Delta)-Differential-Privacy, je Schutzeinheit</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="286"/>
        <source>epsilon {eps:.6g} per {d:g} m ({norm}, geo-indistinguishability of each location)</source>
        <translation>Epsilon {eps:.6g} je {d:g} m ({norm}, Geo-Ununterscheidbarkeit jedes Orts)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="289"/>
        <source>epsilon {eps:.6g}, delta {delta:.6g} per unit of privacy ({units})</source>
        <translation>Epsilon {eps:.6g}, Delta {delta:.6g} je Schutzeinheit ({units})</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="328"/>
        <source>Totals are per source and per kind of guarantee, never added across them. Geo-indistinguishability (epsilon per DISTANCE metres, for each location) and (epsilon, delta)-differential privacy (for one unit of privacy, with no distance) are different quantities: their sum means nothing. Sources hold different people: releases of different data do not compose, and if two sources do hold the same people, their totals must be added by hand and the publisher must say so.</source>
        <translation>Summen gelten je Datenquelle und je Art der Garantie und werden nie über diese hinweg addiert. Geo-Ununterscheidbarkeit (Epsilon je DISTANCE Meter, für jeden Ort) und (Epsilon, Delta)-Differential-Privacy (für eine Schutzeinheit, ohne Entfernung) sind verschiedene Größen: Ihre Summe bedeutet nichts. Datenquellen enthalten verschiedene Personen: Veröffentlichungen verschiedener Daten komponieren nicht, und wenn zwei Datenquellen doch dieselben Personen enthalten, müssen ihre Summen von Hand addiert werden, und die Veröffentlichende muss das angeben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="357"/>
        <source>{n} distinct release(s) of {s} source(s)</source>
        <translation>{n} verschiedene Veröffentlichung(en) aus {s} Datenquelle(n)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="377"/>
        <source>Totals per source and kind of guarantee</source>
        <translation>Summen je Datenquelle und Art der Garantie</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="379"/>
        <source>Guarantee</source>
        <translation>Garantie</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="379"/>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="67"/>
        <source>Adds up the privacy loss (epsilon, delta) of releases made from the same data, from their privacy records and the ledger, and shows which releases drive the total.</source>
        <translation>Summiert den Privatsphäreverlust (Epsilon, Delta) von Veröffentlichungen aus denselben Daten, aus ihren Privatsphäre-Protokollen und dem Journal, und zeigt, welche Veröffentlichungen die Summe bestimmen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="67"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; it releases nothing new and costs no privacy budget; the ledger it reads is private to the publisher.</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; veröffentlicht nichts Neues und kostet kein Privatsphäre-Budget; das gelesene Journal bleibt privat beim Herausgeber.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="67"/>
        <source>&lt;b&gt;Accuracy:&lt;/b&gt; exact, no noise: the totals follow the composition theorems (Asghar, Tyler and Kaafar 2017 Theorems 2 and 3).</source>
        <translation>&lt;b&gt;Genauigkeit:&lt;/b&gt; exakt, kein Rauschen: die Summen folgen den Kompositionssätzen (Asghar, Tyler und Kaafar 2017, Sätze 2 und 3).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="162"/>
        <source>Largest total for one person of one source: epsilon (inf: unbounded)</source>
        <translation>Größte Summe für eine Person einer Datenquelle: Epsilon (inf: unbeschränkt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="166"/>
        <source>Largest total for one person of one source: delta</source>
        <translation>Größte Summe für eine Person einer Datenquelle: Delta</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="237"/>
        <source>{n} release(s) were made with a user-supplied seed: not private (anyone who knows the seed removes the noise); listed apart and outside every total. Do not publish them.</source>
        <translation>{n} Veröffentlichung(en) wurden mit einer vom Nutzer angegebenen Zufallssaat erstellt: nicht privat (wer die Saat kennt, entfernt das Rauschen); getrennt aufgeführt und außerhalb jeder Summe. Veröffentlichen Sie sie nicht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="244"/>
        <source>{source}: {person}.</source>
        <translation>{source}: {person}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="319"/>
        <source>per person: UNBOUNDED (a release whose unit is not a person, e.g. one point or trip, was made without ROWS_PER_PERSON: a person with many rows is exposed many times)</source>
        <translation>je Person: UNBESCHRÄNKT (eine Veröffentlichung, deren Einheit keine Person ist, z. B. ein Punkt oder eine Fahrt, wurde ohne ROWS_PER_PERSON erstellt: Eine Person mit vielen Zeilen gibt sich vielfach preis)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="321"/>
        <source>per person: epsilon {eps:.6g}, delta {delta:.6g}</source>
        <translation>je Person: Epsilon {eps:.6g}, Delta {delta:.6g}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="340"/>
        <source>Not private (seeded): outside every total</source>
        <translation>Nicht privat (mit Zufallssaat): außerhalb jeder Summe</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="341"/>
        <source>These releases were made with a user-supplied seed: anyone who knows it can remove the noise. They are not counted in any total and must not be published.</source>
        <translation>Diese Veröffentlichungen wurden mit einer vom Nutzer angegebenen Zufallssaat erstellt: Wer sie kennt, kann das Rauschen entfernen. Sie zählen in keiner Summe und dürfen nicht veröffentlicht werden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="344"/>
        <source>Epsilon as configured</source>
        <translation>Epsilon wie eingestellt</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Partitions compose</source>
        <translation>Komposition der Partitionen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Rows per person</source>
        <translation>Zeilen je Person</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="407"/>
        <source>sequential: no rule recorded</source>
        <translation>sequenziell: keine Regel vermerkt</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="407"/>
        <source>not bounded</source>
        <translation>unbeschränkt</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="140"/>
        <source>Released layers</source>
        <translation>Veröffentlichte Layer</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="146"/>
        <source>Delta for the zCDP total (0: not used)</source>
        <translation>Delta für die zCDP-Summe (0: nicht verwendet)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="149"/>
        <source>Where a source has a Gaussian release, its releases are also totalled in zero-concentrated DP (Bun and Steinke 2016): rho adds up, a pure epsilon-DP release counts epsilon squared over 2, and the total is converted to epsilon at this delta (Canonne, Kamath and Steinke 2020 Corollary 13). Releases that are (epsilon, delta)-DP but not zCDP add their epsilon and delta on top. The report gives the smaller epsilon of this and basic composition and says which gave it. 0: basic composition only.</source>
        <translation>Hat eine Datenquelle eine Gauß-Veröffentlichung, werden ihre Veröffentlichungen auch in nullkonzentrierter DP (Bun und Steinke 2016) summiert: Rho addiert sich, eine reine Epsilon-DP-Veröffentlichung zählt Epsilon zum Quadrat durch 2, und die Summe wird bei diesem Delta in Epsilon umgerechnet (Canonne, Kamath und Steinke 2020 Korollar 13). Veröffentlichungen, die (Epsilon, Delta)-DP, aber nicht zCDP sind, addieren ihr Epsilon und Delta obendrauf. Der Bericht gibt das kleinere Epsilon dieser und der einfachen Komposition an und sagt, welche es ergab. 0: nur einfache Komposition.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="172"/>
        <source>zCDP rho of that source's releases (0: no zCDP total)</source>
        <translation>zCDP-Rho der Veröffentlichungen dieser Datenquelle (0: keine zCDP-Summe)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="174"/>
        <source>How that total was found: basic composition or zCDP</source>
        <translation>Wie diese Summe gefunden wurde: einfache Komposition oder zCDP</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="297"/>
        <source>; by zCDP: rho {rho:.6g} (pure epsilon-DP releases as epsilon squared over 2), converted at delta {declared:g} (Canonne, Kamath and Steinke 2020)</source>
        <translation>; nach zCDP: Rho {rho:.6g} (reine Epsilon-DP-Veröffentlichungen als Epsilon zum Quadrat durch 2), umgerechnet bei Delta {declared:g} (Canonne, Kamath und Steinke 2020)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="301"/>
        <source>, plus {n} (epsilon, delta)-DP release(s) that are not zCDP (epsilon {eps:.6g}, delta {delta:.6g}, added up)</source>
        <translation>, dazu {n} (Epsilon, Delta)-DP-Veröffentlichung(en), die nicht zCDP sind (Epsilon {eps:.6g}, Delta {delta:.6g}, addiert)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="304"/>
        <source>: epsilon {z_eps:.6g}, delta {z_delta:.6g}; by basic composition: epsilon {b_eps:.6g}, delta {b_delta:.6g}</source>
        <translation>: Epsilon {z_eps:.6g}, Delta {z_delta:.6g}; nach einfacher Komposition: Epsilon {b_eps:.6g}, Delta {b_delta:.6g}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="307"/>
        <source>. zCDP gives the smaller epsilon.</source>
        <translation>. zCDP ergibt das kleinere Epsilon.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="307"/>
        <source>. Basic composition gives the smaller epsilon.</source>
        <translation>. Die einfache Komposition ergibt das kleinere Epsilon.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="314"/>
        <source>not zCDP (added on top)</source>
        <translation>nicht zCDP (zusätzlich addiert)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="324"/>
        <source> (by zCDP)</source>
        <translation> (nach zCDP)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="324"/>
        <source> (by basic composition)</source>
        <translation> (nach einfacher Komposition)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="397"/>
        <source>Rho (zCDP)</source>
        <translation>Rho (zCDP)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="417"/>
        <source>Releases of one source and one kind of guarantee add up (basic sequential composition, Asghar, Tyler and Kaafar 2017 Theorem 2). Releases on disjoint partitions cost only the largest (parallel composition, Asghar, Tyler and Kaafar 2017 Theorem 3): two partitions are disjoint only if they give a common key different values; different keys overlap and 'all' overlaps everything. The total is the largest sum over any one cell of the partitions; the releases of that cell drive it. This holds only if each unit of privacy lies in one partition (for example each trip on one day). Location releases with different DISTANCE are rescaled to the smallest before adding (the epsilon column shows each release's own epsilon). Aggregate releases with different units of privacy add up for the smallest of them. Where a source has a Gaussian release, its releases are also totalled in zero-concentrated DP (Bun and Steinke 2016): a Gaussian release counts its rho, a pure epsilon-DP release epsilon squared over 2 (Proposition 1.4), rho adds up (Lemma 1.7; over disjoint partitions the largest counts) and the total is converted to epsilon at the declared DELTA (Canonne, Kamath and Steinke 2020 Corollary 13); releases that are (epsilon, delta)-DP but not zCDP add their epsilon and delta on top. Both totals are valid; the report gives the smaller epsilon and says which. Per person, k units per person multiply rho by k squared (Bun and Steinke 2016 Proposition 1.9). A ledger entry is made before noise is drawn, so a failed run still counts. Sources grouped by input layer name assume that one name means one dataset.</source>
        <translation>Die Veröffentlichungen einer Datenquelle und einer Art der Garantie addieren sich (einfache sequenzielle Komposition, Asghar, Tyler und Kaafar 2017 Theorem 2). Veröffentlichungen auf disjunkten Partitionen kosten nur so viel wie die größte (parallele Komposition, Asghar, Tyler und Kaafar 2017 Theorem 3): Zwei Partitionen sind nur dann disjunkt, wenn sie einem gemeinsamen Schlüssel verschiedene Werte geben; verschiedene Schlüssel überlappen sich, und 'all' überlappt alles. Die Summe ist die größte Summe über eine einzelne Zelle der Partitionen; die Veröffentlichungen dieser Zelle bestimmen sie. Das gilt nur, wenn jede Schutzeinheit in genau einer Partition liegt (zum Beispiel jede Fahrt an einem Tag). Ortsveröffentlichungen mit verschiedener DISTANCE werden vor dem Addieren auf die kleinste umgerechnet (die Spalte Epsilon zeigt das eigene Epsilon jeder Veröffentlichung). Aggregierte Veröffentlichungen mit verschiedenen Schutzeinheiten addieren sich für die kleinste davon. Hat eine Datenquelle eine Gauß-Veröffentlichung, werden ihre Veröffentlichungen auch in nullkonzentrierter DP (Bun und Steinke 2016) summiert: eine Gauß-Veröffentlichung zählt ihr Rho, eine reine Epsilon-DP-Veröffentlichung Epsilon zum Quadrat durch 2 (Proposition 1.4), Rho addiert sich (Lemma 1.7; über disjunkte Partitionen zählt das größte), und die Summe wird beim angegebenen DELTA in Epsilon umgerechnet (Canonne, Kamath und Steinke 2020 Korollar 13); Veröffentlichungen, die (Epsilon, Delta)-DP, aber nicht zCDP sind, addieren ihr Epsilon und Delta obendrauf. Beide Summen sind gültig; der Bericht gibt das kleinere Epsilon an und sagt, welche. Je Person multiplizieren k Einheiten je Person Rho mit k zum Quadrat (Bun und Steinke 2016 Proposition 1.9). Ein Journaleintrag wird angelegt, bevor Rauschen erzeugt wird; daher zählt auch ein fehlgeschlagener Lauf. Nach dem Namen des Eingabelayers gruppierte Datenquellen setzen voraus, dass ein Name genau einen Datensatz bezeichnet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="78"/>
        <source>&lt;p&gt;Adds up the privacy loss of releases made from the same data, across sessions and tools, and shows which releases drive the total.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Inputs.&lt;/b&gt; LAYERS: any number of outputs of dp_geoprivacy algorithms (their privacy records are read from the layer metadata; a layer built on an earlier release, such as relocated trips and their noisy histogram, carries both). LEDGER: the publisher's private ledger that the algorithms' LEDGER parameter appends to. Give either or both; outputs of one run share a release id and are counted once.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Sources.&lt;/b&gt; Releases are totalled per source: per ledger source (a fingerprint of the input's geometries, never shown: copies in other formats, with other columns or rows in another order are one source; layers prepared from a source, such as tripends' outputs, count against it; runs with one DATASET name share a source), or, for layers whose release is not in the ledger, per name of their input layer (two datasets with one name are then added up, the safe direction; one dataset under two names is not). Every source has one stable name, S1, S2, ... with its layer names, numbered by its earliest release. A release a layer is built on (its inherited record) counts against that layer's source too.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Per person first.&lt;/b&gt; Each source's headline is what one person is exposed to: a user-level release counts its epsilon; a release whose unit is smaller than a person (a point, a trip, a row, a user-day) counts as unbounded per person unless its run declared ROWS_PER_PERSON = k, then k times epsilon. Location releases are shown beside it.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Kinds of guarantee, never added.&lt;/b&gt; Location releases (Laplace location perturbation) give geo-indistinguishability: epsilon per DISTANCE metres for each location. Aggregate releases (counts, flows, relocation, randomized response) give (epsilon, delta)-differential privacy per unit of privacy (a user, a trip, a point, a row). The two are different quantities and are totalled separately; sources hold different people and are never added either. Location releases with different DISTANCE compose as epsilon_i x D / DISTANCE_i per D metres (D the smallest DISTANCE); planar (L2) and per-axis (L1) releases are kept apart. Aggregate releases with different units of privacy add up for the smallest unit.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Rules.&lt;/b&gt; Basic sequential composition: epsilons and deltas add up (Asghar, Tyler and Kaafar 2017 Theorem 2). Parallel composition: releases on disjoint partitions of the data cost only the largest (Asghar, Tyler and Kaafar 2017 Theorem 3). Partitions are key=value sets (PARTITION parameter, e.g. day=Mon or day=Mon, mode=bus); two partitions are disjoint only if they give a common key different values; different keys overlap, and 'all' overlaps everything. The total is the largest sum over any one cell of the partitions; the releases of that cell drive the total. Asghar, Tyler and Kaafar 2017 §4: six column sets with epsilons 1, 1, 1, 1, 2, 2 on each of 56 disjoint day-mode partitions total 8. A run selects its PARTITION's rows itself, and its partition composes in parallel only where no unit of privacy can lie in two partitions (partitions by the user field, user-day units with day partitions, one row per unit); otherwise the release counts on the whole source. The report gives each release's rule.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Gaussian releases: zCDP.&lt;/b&gt; Where a source has a Gaussian release (its record carries rho), its releases are also totalled in zero-concentrated DP (Bun and Steinke 2016): a pure epsilon-DP release counts rho = epsilon squared over 2, rho adds up (the largest over disjoint partitions), and the total is converted to epsilon at DELTA (Canonne, Kamath and Steinke 2020 Corollary 13). Releases that are (epsilon, delta)-DP but not zCDP (partition selection with delta) add their epsilon and delta on top. The report gives the smaller epsilon of the two ways and says which gave it; TOTAL_RHO and TOTAL_ROUTE say the same in the results.&lt;/p&gt;&lt;p&gt;Layers not differentially private (calibration aids) are listed and not counted; they must not be published. Seeded runs are not private: listed apart, outside every total.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Outputs.&lt;/b&gt; OUTPUT: a table with one row per release. REPORT: an HTML page. Results: PERSON_EPSILON and PERSON_DELTA, the largest total for one person of any one source (inf: unbounded; JSON has no inf, so qgis_process --json shows null there), PERSON_UNBOUNDED (true when a person's total is unbounded); TOTAL_EPSILON and TOTAL_DELTA, the largest (epsilon, delta)-DP total per unit of privacy; LOCATION_EPSILON per LOCATION_DISTANCE_M metres, the largest geo-indistinguishability total of any one source (maxima, not sums); SOURCES, RELEASES.&lt;/p&gt;&lt;p&gt;Sources: Asghar, Tyler and Kaafar 2017 §2 (Theorems 2-3) and §4; the ITMS report §III F.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Summiert den Privatsphäre-Verlust von Veröffentlichungen aus denselben Daten über Sitzungen und Werkzeuge hinweg und zeigt, welche Veröffentlichungen die Summe bestimmen.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Eingaben.&lt;/b&gt; LAYERS: beliebig viele Ausgaben von dp_geoprivacy-Algorithmen (ihre Privatsphäre-Angaben werden aus den Layermetadaten gelesen; ein Layer, der auf einer früheren Veröffentlichung beruht, etwa verlagerte Fahrten und ihr verrauschtes Histogramm, trägt beide). LEDGER: das private Journal des Herausgebers, das der Parameter LEDGER der Algorithmen ergänzt. Geben Sie eines von beiden oder beide an; die Ausgaben eines Laufs teilen sich eine Veröffentlichungs-ID und werden einmal gezählt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Datenquellen.&lt;/b&gt; Veröffentlichungen werden je Datenquelle summiert: je Datenquelle im Journal (ein Fingerabdruck der Geometrien der Eingabe, der nie angezeigt wird: Kopien in anderen Formaten, mit anderen Spalten oder in anderer Zeilenfolge sind eine Datenquelle; aus einer Datenquelle vorbereitete Layer, etwa die Ausgaben von tripends, zählen gegen sie; Läufe mit demselben DATASET-Namen teilen sich eine Datenquelle) oder, für Layer, deren Veröffentlichung nicht im Journal steht, je Name ihres Eingabelayers (zwei Datensätze mit demselben Namen werden dann zusammengezählt, die sichere Richtung; ein Datensatz unter zwei Namen dagegen nicht). Jede Datenquelle hat einen festen Namen, S1, S2, ... mit ihren Layernamen, nummeriert nach ihrer frühesten Veröffentlichung. Eine Veröffentlichung, auf der ein Layer beruht (seine geerbten Angaben), zählt ebenfalls gegen die Datenquelle dieses Layers.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zuerst je Person.&lt;/b&gt; Die Hauptzahl jeder Datenquelle ist, was eine Person preisgibt: Eine Veröffentlichung auf Personenebene zählt ihr Epsilon; eine Veröffentlichung, deren Einheit kleiner als eine Person ist (ein Punkt, eine Fahrt, eine Zeile, ein Personentag), zählt je Person als unbeschränkt, außer ihr Lauf hat ROWS_PER_PERSON = k angegeben, dann k mal Epsilon. Ortsveröffentlichungen werden daneben gezeigt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Arten von Garantien, nie addiert.&lt;/b&gt; Ortsveröffentlichungen (Laplace-Verschiebung von Orten) geben Geo-Ununterscheidbarkeit: Epsilon je DISTANCE Meter für jeden Ort. Aggregierte Veröffentlichungen (Zählungen, Flüsse, Verlagerung, Randomized Response) geben (Epsilon, Delta)-Differential-Privacy je Schutzeinheit (eine Person, eine Fahrt, ein Punkt, eine Zeile). Beides sind verschiedene Größen und werden getrennt summiert; Datenquellen enthalten verschiedene Personen und werden ebenfalls nie addiert. Ortsveröffentlichungen mit verschiedener DISTANCE werden als Epsilon_i x D / DISTANCE_i je D Meter komponiert (D die kleinste DISTANCE); planare (L2) und achsenweise (L1) Veröffentlichungen bleiben getrennt. Aggregierte Veröffentlichungen mit verschiedenen Schutzeinheiten addieren sich für die kleinste Einheit.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Regeln.&lt;/b&gt; Einfache sequenzielle Komposition: Epsilons und Deltas addieren sich (Asghar, Tyler und Kaafar 2017 Theorem 2). Parallele Komposition: Veröffentlichungen auf disjunkten Partitionen der Daten kosten nur so viel wie die größte (Asghar, Tyler und Kaafar 2017 Theorem 3). Partitionen sind Mengen von Schlüssel=Wert-Paaren (Parameter PARTITION, z. B. day=Mon oder day=Mon, mode=bus); zwei Partitionen sind nur dann disjunkt, wenn sie einem gemeinsamen Schlüssel verschiedene Werte geben; verschiedene Schlüssel überlappen sich, und 'all' überlappt alles. Die Summe ist die größte Summe über eine einzelne Zelle der Partitionen; die Veröffentlichungen dieser Zelle bestimmen die Summe. Asghar, Tyler und Kaafar 2017 §4: Sechs Spaltengruppen mit den Epsilons 1, 1, 1, 1, 2, 2 auf jeder von 56 disjunkten Partitionen nach Tag und Verkehrsmittel ergeben insgesamt 8. Ein Lauf wählt die Zeilen seiner PARTITION selbst aus, und seine Partition wird nur dann parallel komponiert, wenn keine Schutzeinheit in zwei Partitionen liegen kann (Partitionen nach dem Nutzerfeld, Personentage mit Partitionen nach Tag, eine Zeile je Einheit); sonst zählt die Veröffentlichung für die ganze Datenquelle. Der Bericht nennt die Regel jeder Veröffentlichung.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Gauß-Veröffentlichungen: zCDP.&lt;/b&gt; Hat eine Datenquelle eine Gauß-Veröffentlichung (ihr Datenschutzprotokoll enthält Rho), werden ihre Veröffentlichungen auch in nullkonzentrierter DP (Bun und Steinke 2016) summiert: eine reine Epsilon-DP-Veröffentlichung zählt Rho = Epsilon zum Quadrat durch 2, Rho addiert sich (über disjunkte Partitionen das größte), und die Summe wird bei DELTA in Epsilon umgerechnet (Canonne, Kamath und Steinke 2020 Korollar 13). Veröffentlichungen, die (Epsilon, Delta)-DP, aber nicht zCDP sind (Partitionsauswahl mit Delta), addieren ihr Epsilon und Delta obendrauf. Der Bericht gibt das kleinere Epsilon der beiden Wege an und sagt, welcher es ergab; TOTAL_RHO und TOTAL_ROUTE sagen dasselbe in den Ergebnissen.&lt;/p&gt;&lt;p&gt;Nicht differenziell private Layer (Kalibrierungshilfen) werden aufgeführt, aber nicht gezählt; sie dürfen nicht veröffentlicht werden. Läufe mit Zufallssaat sind nicht privat: getrennt aufgeführt, außerhalb jeder Summe.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Ausgaben.&lt;/b&gt; OUTPUT: eine Tabelle mit einer Zeile je Veröffentlichung. REPORT: eine HTML-Seite. Ergebnisse: PERSON_EPSILON und PERSON_DELTA, die größte Summe für eine Person einer einzelnen Datenquelle (inf: unbeschränkt; JSON kennt kein inf, daher zeigt qgis_process --json dort null), PERSON_UNBOUNDED (true, wenn die Summe einer Person unbeschränkt ist); TOTAL_EPSILON und TOTAL_DELTA, die größte (Epsilon, Delta)-DP-Summe je Schutzeinheit; LOCATION_EPSILON je LOCATION_DISTANCE_M Meter, die größte Summe der Geo-Ununterscheidbarkeit einer einzelnen Datenquelle (Maxima, keine Summen); SOURCES, RELEASES.&lt;/p&gt;&lt;p&gt;Quellen: Asghar, Tyler und Kaafar 2017 §2 (Theorems 2-3) und §4; ITMS-Bericht §III F.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="164"/>
        <source>A person's total is unbounded (PERSON_EPSILON is inf)</source>
        <translation>Die Summe einer Person ist unbeschränkt (PERSON_EPSILON ist inf)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/privacy_report.py" line="246"/>
        <source>{source}, {n} release(s): {total}.</source>
        <translation>{source}, {n} Veröffentlichung(en): {total}.</translation>
    </message>
</context>
<context>
    <name>RandomizedResponseAlgorithm</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="76"/>
        <source>Randomized response on a categorical field</source>
        <translation>Randomized Response für ein kategoriales Feld</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="152"/>
        <source>Input layer or table</source>
        <translation>Eingabelayer oder -tabelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="154"/>
        <source>Categorical field to randomize</source>
        <translation>Zu randomisierendes kategoriales Feld</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="179"/>
        <source>Replacement drawn from</source>
        <translation>Ersatzwert gezogen aus</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="189"/>
        <source>Randomized layer</source>
        <translation>Randomisierter Layer</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="193"/>
        <source>Frequency estimates</source>
        <translation>Häufigkeitsschätzungen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="198"/>
        <source>Epsilon spent</source>
        <translation>Verbrauchtes Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="199"/>
        <source>Probability of keeping the value</source>
        <translation>Wahrscheinlichkeit, den Wert beizubehalten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="200"/>
        <source>Rows written</source>
        <translation>Geschriebene Zeilen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="206"/>
        <source>STRATA_FIELD must be another field than FIELD.</source>
        <translation>STRATA_FIELD muss ein anderes Feld als FIELD sein.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="219"/>
        <source>FIELD '{field}' is a {type} field; randomized response needs a text or integer (or real) categorical field.</source>
        <translation>FIELD „{field}“ ist ein Feld vom Typ {type}; Randomized Response erfordert ein kategoriales Text- oder Ganzzahlfeld (oder Dezimalzahlfeld).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="234"/>
        <source>Probability of keeping the true value p = {p:.6g}; epsilon = {eps:.6g}.</source>
        <translation>Wahrscheinlichkeit, den wahren Wert beizubehalten, p = {p:.6g}; Epsilon = {eps:.6g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="248"/>
        <source>Randomized field: '{field}'; p = {p:.6g}.</source>
        <translation>Randomisiertes Feld: „{field}“; p = {p:.6g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="250"/>
        <source>Randomized response on {field}</source>
        <translation>Randomized Response für {field}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="268"/>
        <source>Frequency estimates for {field}</source>
        <translation>Häufigkeitsschätzungen für {field}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="291"/>
        <source>INPUT's geometries are true locations (it is not the output of a location release), so the output is written as a table without them. To keep a map layer, run Laplace location perturbation first and randomize its output.</source>
        <translation>Die Geometrien von INPUT sind wahre Standorte (INPUT ist nicht die Ausgabe einer Standortveröffentlichung), daher wird die Ausgabe als Tabelle ohne sie geschrieben. Um einen Kartenlayer zu behalten, führen Sie zuerst die Laplace-Standortverrauschung aus und randomisieren Sie deren Ausgabe.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="300"/>
        <source>Give exactly one of P_TRUTH (probability of keeping the true value, e.g. 0.5) and EPSILON (e.g. 1.0); the other is derived.</source>
        <translation>Geben Sie genau einen der Parameter P_TRUTH (Wahrscheinlichkeit, den wahren Wert beizubehalten, z. B. 0.5) und EPSILON (z. B. 1.0) an; der andere wird abgeleitet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="306"/>
        <source>P_TRUTH must be in [0, 1) (got {value}): with P_TRUTH = 1 every value is published as it is and epsilon is infinite.</source>
        <translation>P_TRUTH muss in [0, 1) liegen (erhalten: {value}): Mit P_TRUTH = 1 wird jeder Wert unverändert veröffentlicht, und Epsilon ist unendlich.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="312"/>
        <source>EPSILON must be a finite number &gt;= 0 (got {value}).</source>
        <translation>EPSILON muss eine endliche Zahl &gt;= 0 sein (erhalten: {value}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="449"/>
        <source>EPSILON is too large: the derived P_TRUTH rounds to 1.</source>
        <translation>EPSILON ist zu groß: Das abgeleitete P_TRUTH wird auf 1 gerundet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="84"/>
        <source>Replaces each row's value of a categorical field by a random one with some probability (randomized response); frequencies can still be estimated.</source>
        <translation>Ersetzt den Wert eines kategorialen Feldes in jeder Zeile mit einer gewissen Wahrscheinlichkeit durch einen zufälligen (Randomized Response); die Häufigkeiten lassen sich weiterhin schätzen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="84"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each row's value, for the person or vehicle of that row (local differential privacy: every row is protected on its own).</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; der Wert jeder Zeile, für die Person oder das Fahrzeug dieser Zeile (lokale Differential Privacy: jede Zeile ist für sich geschützt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="84"/>
        <source>&lt;b&gt;Accuracy, for example&lt;/b&gt; (EPSILON={epsilon:g}, {k} categories, {n:,} rows; EPSILON has no default): the estimated count of a category is off by at most ±{moe:.3g} rows (95%); each value is kept with probability {p:.2g}.</source>
        <translation>&lt;b&gt;Genauigkeit, zum Beispiel&lt;/b&gt; (EPSILON={epsilon:g}, {k} Kategorien, {n:,} Zeilen; EPSILON hat keine Voreinstellung): die geschätzte Anzahl einer Kategorie weicht um höchstens ±{moe:.3g} Zeilen ab (95 %); jeder Wert bleibt mit Wahrscheinlichkeit {p:.2g} erhalten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="96"/>
        <source>&lt;p&gt;Gives every row plausible deniability about one categorical value (vehicle type, trip purpose, a yes/no answer): each value is kept with probability p and otherwise replaced by a random draw, so no published value can be taken at face value, while the frequencies can still be estimated (Dumont et al. 2021, "Differential Privacy in Travel Data", §3.3 and §4.1).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Everything is declared, nothing is read from the data.&lt;/b&gt; CATEGORIES (required) is the public list of possible values (comma- or line-separated, at least two); the output and the estimates use exactly these values. A value of FIELD that is not declared, and NULL, is reported by a public rule: as OTHER (advanced; a declared category such as 'other') when given, otherwise as a draw from the replacement distribution, exactly as if its true value had been drawn from it. No value is ever published as it is, and nothing (the domain, p, the record) depends on which values occur.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Privacy.&lt;/b&gt; For a true value c and any other value c' (declared or not), Pr[report c | c] / Pr[report c | c'] &lt;= (p + (1-p) q) / ((1-p) q) with q the smallest replacement probability, so EPSILON = ln((p + (1-p) q) / ((1-p) q)) (eq. 11 of the report). Give P_TRUTH or EPSILON; the other is derived from it and the declarations alone. The unit of privacy is one row's value of FIELD; row order is shuffled.&lt;/p&gt;&lt;p&gt;&lt;b&gt;REPLACEMENT 0, uniform&lt;/b&gt; (k-ary randomized response, the default): the replacement is drawn uniformly from the k declared values, EPSILON = ln((p k + 1 - p) / (1 - p)) (eq. 13). Binary with a fair coin (P_TRUTH 0.5, k = 2): EPSILON = ln 3 (§3.3, eq. 3); a weighted coin theta: ln((1 + theta) / (1 - theta)) (eq. 4).&lt;/p&gt;&lt;p&gt;&lt;b&gt;REPLACEMENT 1, a declared distribution&lt;/b&gt;: the replacement is drawn from REPLACEMENT_WEIGHTS, e.g. car=5, bus=2, bike=2, walk=1 (every category a weight &gt; 0; they are scaled to sum to 1), which keeps the published shares closer to a known profile. The weights are public: take them from a published source or from the estimates of an earlier release (whose epsilon is already counted), never from the raw data. The report's replacement from the data's own distribution (eq. 12) is not offered: a value no row holds could never be drawn, and its epsilon is not bounded.&lt;/p&gt;&lt;p&gt;&lt;b&gt;STRATA_FIELD and STRATA&lt;/b&gt; keep replacements within the row's stratum (e.g. fuel type, §4.1). STRATA declares the strata, one per line: 'electric: sedan, suv' (the stratum's values), 'gas: sedan=4, suv=3, van=2, truck=1' (with REPLACEMENT 1, its weights) or just 'gas' (all of CATEGORIES). The stratum is published as it is and is not protected. A stratum value that STRATA does not declare, or a stratum field with a distinct value in every row (it would identify rows), is refused. These checks read only STRATA_FIELD, never FIELD, so a refusal says nothing about the protected values. There is no minimum stratum size: each row is protected on its own, and a small stratum only gives wider estimates. EPSILON is the largest over the strata.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Other fields and geometry.&lt;/b&gt; Other fields pass through, except fields equal to true point coordinates and record keys (fields with a distinct value in every row), which are dropped and named in the log (KEEP_IDENTIFIERS, advanced, keeps keys for internal study runs; the metadata then says not to publish). Geometries are kept only when the input is itself a differentially private location release (e.g. the output of Laplace location perturbation or trip relocation); otherwise they are true locations and the output is written as a table without them: perturb the locations first and run this algorithm on the result to keep a map layer. Tables without geometry are accepted.&lt;/p&gt;&lt;p&gt;&lt;b&gt;OUTPUT_ESTIMATES&lt;/b&gt;: per declared category (and stratum) the reported count, the unbiased estimate of the true count ((C - (1-p) N q) / p, eq. 5-6 generalised to k values; rows reported by the rule for undeclared values count as drawn from q) and its standard error. These are post-processing and cost no extra epsilon.&lt;/p&gt;&lt;p&gt;LEDGER, BUDGET and PARTITION: see the privacy report (dp_geoprivacy:privacyreport).&lt;/p&gt;&lt;p&gt;Sources: Dumont et al. 2021, §3.3 (eq. 3-6), §4.1 (eq. 8-11), §4.2 (eq. 13).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Verleiht jeder Zeile glaubhafte Abstreitbarkeit für einen kategorialen Wert (Fahrzeugtyp, Wegezweck, eine Ja/Nein-Antwort): Jeder Wert wird mit der Wahrscheinlichkeit p beibehalten und sonst durch eine Zufallsziehung ersetzt, sodass kein veröffentlichter Wert für bare Münze genommen werden kann, die Häufigkeiten sich aber dennoch schätzen lassen (Dumont et al. 2021, "Differential Privacy in Travel Data", §3.3 und §4.1).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Alles wird angegeben, nichts aus den Daten gelesen.&lt;/b&gt; CATEGORIES (Pflichtangabe) ist die öffentliche Liste der möglichen Werte (durch Kommas oder Zeilenumbrüche getrennt, mindestens zwei); Ausgabe und Schätzungen verwenden genau diese Werte. Ein nicht angegebener Wert von FIELD und NULL werden nach einer öffentlichen Regel gemeldet: als OTHER (erweitert; eine angegebene Kategorie wie 'other'), falls angegeben, sonst als Ziehung aus der Ersetzungsverteilung, genau so, als wäre ihr wahrer Wert aus ihr gezogen worden. Kein Wert wird je unverändert veröffentlicht, und nichts (der Wertebereich, p, die Privatsphäre-Angaben) hängt davon ab, welche Werte vorkommen.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Privatsphäre.&lt;/b&gt; Für einen wahren Wert c und jeden anderen Wert c' (angegeben oder nicht) gilt Pr[report c | c] / Pr[report c | c'] &lt;= (p + (1-p) q) / ((1-p) q), wobei q die kleinste Ersetzungswahrscheinlichkeit ist, also EPSILON = ln((p + (1-p) q) / ((1-p) q)) (Gl. 11 des Berichts). Geben Sie P_TRUTH oder EPSILON an; der andere Wert wird allein daraus und aus den Angaben abgeleitet. Die Schutzeinheit ist der Wert von FIELD in einer Zeile; die Reihenfolge der Zeilen wird zufällig gemischt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;REPLACEMENT 0, gleichverteilt&lt;/b&gt; (k-wertiges Randomized Response, die Voreinstellung): Der Ersatzwert wird gleichverteilt aus den k angegebenen Werten gezogen, EPSILON = ln((p k + 1 - p) / (1 - p)) (Gl. 13). Binär mit einer fairen Münze (P_TRUTH 0.5, k = 2): EPSILON = ln 3 (§3.3, Gl. 3); mit einer gewichteten Münze theta: ln((1 + theta) / (1 - theta)) (Gl. 4).&lt;/p&gt;&lt;p&gt;&lt;b&gt;REPLACEMENT 1, eine angegebene Verteilung&lt;/b&gt;: Der Ersatzwert wird aus REPLACEMENT_WEIGHTS gezogen, z. B. car=5, bus=2, bike=2, walk=1 (jede Kategorie mit einem Gewicht &gt; 0; sie werden auf die Summe 1 skaliert), wodurch die veröffentlichten Anteile näher an einem bekannten Profil bleiben. Die Gewichte sind öffentlich: Entnehmen Sie sie einer veröffentlichten Quelle oder den Schätzungen einer früheren Veröffentlichung (deren Epsilon bereits gezählt ist), nie den Rohdaten. Die Ersetzung aus der eigenen Verteilung der Daten (Gl. 12 des Berichts) wird nicht angeboten: Ein Wert, den keine Zeile hat, könnte nie gezogen werden, und ihr Epsilon ist nicht beschränkt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;STRATA_FIELD und STRATA&lt;/b&gt; halten Ersetzungen innerhalb der Schicht der Zeile (z. B. Kraftstoffart, §4.1). STRATA gibt die Schichten an, eine je Zeile: 'electric: sedan, suv' (die Werte der Schicht), 'gas: sedan=4, suv=3, van=2, truck=1' (mit REPLACEMENT 1 ihre Gewichte) oder nur 'gas' (alle CATEGORIES). Die Schicht wird unverändert veröffentlicht und ist nicht geschützt. Ein Schichtwert, den STRATA nicht angibt, oder ein Schichtungsfeld mit einem eigenen Wert in jeder Zeile (es würde Zeilen identifizieren) wird abgelehnt. Diese Prüfungen lesen nur STRATA_FIELD, nie FIELD, sodass eine Ablehnung nichts über die geschützten Werte verrät. Es gibt keine Mindestgröße für Schichten: Jede Zeile ist für sich geschützt, und eine kleine Schicht ergibt nur breitere Schätzungen. EPSILON ist das größte über alle Schichten.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Andere Felder und Geometrie.&lt;/b&gt; Andere Felder werden übernommen, außer Feldern, die den wahren Punktkoordinaten entsprechen, und Datensatzschlüsseln (Feldern mit einem eigenen Wert in jeder Zeile); diese werden entfernt und im Protokoll genannt (KEEP_IDENTIFIERS, erweitert, behält Schlüssel für interne Studienläufe; die Metadaten vermerken dann, dass nicht veröffentlicht werden darf). Geometrien werden nur beibehalten, wenn die Eingabe selbst eine differenziell private Standortveröffentlichung ist (z. B. die Ausgabe der Laplace-Standortverrauschung oder der Fahrtenverlagerung); andernfalls sind es wahre Standorte, und die Ausgabe wird als Tabelle ohne sie geschrieben: Verrauschen Sie zuerst die Standorte und führen Sie diesen Algorithmus auf dem Ergebnis aus, um einen Kartenlayer zu behalten. Tabellen ohne Geometrie werden akzeptiert.&lt;/p&gt;&lt;p&gt;&lt;b&gt;OUTPUT_ESTIMATES&lt;/b&gt;: je angegebener Kategorie (und Schicht) die gemeldete Anzahl, die erwartungstreue Schätzung der wahren Anzahl ((C - (1-p) N q) / p, Gl. 5-6, verallgemeinert auf k Werte; nach der Regel für nicht angegebene Werte gemeldete Zeilen zählen als aus q gezogen) und ihr Standardfehler. Diese sind Nachverarbeitung und kosten kein zusätzliches Epsilon.&lt;/p&gt;&lt;p&gt;LEDGER, BUDGET und PARTITION: siehe den Privatsphäre-Bericht (dp_geoprivacy:privacyreport).&lt;/p&gt;&lt;p&gt;Quellen: Dumont et al. 2021, §3.3 (Gl. 3-6), §4.1 (Gl. 8-11), §4.2 (Gl. 13).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="156"/>
        <source>Possible values (public list)</source>
        <translation>Mögliche Werte (öffentliche Liste)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="158"/>
        <source>Required, comma- or line-separated, e.g. car, bus, bike, walk.</source>
        <translation>Pflichtangabe, durch Kommas oder Zeilenumbrüche getrennt, z. B. car, bus, bike, walk.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="160"/>
        <source>Report undeclared values and NULL as</source>
        <translation>Nicht angegebene Werte und NULL melden als</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="162"/>
        <source>Strata field (not protected)</source>
        <translation>Schichtungsfeld (nicht geschützt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="165"/>
        <source>Declared strata (one per line)</source>
        <translation>Angegebene Schichten (eine je Zeile)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="167"/>
        <source>e.g. 'electric: sedan, suv' and 'gas' (all CATEGORIES) on separate lines.</source>
        <translation>z. B. 'electric: sedan, suv' und 'gas' (alle CATEGORIES) auf getrennten Zeilen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="169"/>
        <source>Probability of keeping the true value</source>
        <translation>Wahrscheinlichkeit, den wahren Wert beizubehalten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="172"/>
        <source>In [0, 1); give this or EPSILON. 0.5 with two values is the fair coin (epsilon = ln 3).</source>
        <translation>In [0, 1); diesen Wert oder EPSILON angeben. 0.5 mit zwei Werten ist die faire Münze (Epsilon = ln 3).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="175"/>
        <source>Epsilon</source>
        <translation>Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="177"/>
        <source>A finite number &gt;= 0; give this or P_TRUTH, which is derived from it.</source>
        <translation>Eine endliche Zahl &gt;= 0; diesen Wert oder P_TRUTH angeben, das daraus abgeleitet wird.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="179"/>
        <source>Uniform over the declared values (k-ary randomized response)</source>
        <translation>Gleichverteilt über die angegebenen Werte (k-wertiges Randomized Response)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="179"/>
        <source>A declared distribution (REPLACEMENT_WEIGHTS or weights in STRATA)</source>
        <translation>Eine angegebene Verteilung (REPLACEMENT_WEIGHTS oder Gewichte in STRATA)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="184"/>
        <source>Declared replacement weights</source>
        <translation>Angegebene Ersetzungsgewichte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="322"/>
        <source>CATEGORIES must list the possible values of the field (at least two, comma- or line-separated, e.g. car, bus, bike, walk): the output uses exactly these values, never values read from the data.</source>
        <translation>CATEGORIES muss die möglichen Werte des Feldes auflisten (mindestens zwei, durch Kommas oder Zeilenumbrüche getrennt, z. B. car, bus, bike, walk): Die Ausgabe verwendet genau diese Werte, nie aus den Daten gelesene.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="330"/>
        <source>OTHER must be one of CATEGORIES (got '{value}').</source>
        <translation>OTHER muss einer der CATEGORIES sein (erhalten: '{value}').</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="338"/>
        <source>Weights are given (REPLACEMENT_WEIGHTS or STRATA) but REPLACEMENT is uniform: set REPLACEMENT to 1 (a declared distribution) or remove the weights.</source>
        <translation>Gewichte sind angegeben (REPLACEMENT_WEIGHTS oder STRATA), aber REPLACEMENT ist gleichverteilt: Setzen Sie REPLACEMENT auf 1 (eine angegebene Verteilung) oder entfernen Sie die Gewichte.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="343"/>
        <source>REPLACEMENT 1 draws from a declared distribution: give REPLACEMENT_WEIGHTS (e.g. car=5, bus=2, bike=2, walk=1, one weight &gt; 0 per value of CATEGORIES) or weights for every stratum in STRATA.</source>
        <translation>REPLACEMENT 1 zieht aus einer angegebenen Verteilung: Geben Sie REPLACEMENT_WEIGHTS an (z. B. car=5, bus=2, bike=2, walk=1, ein Gewicht &gt; 0 je Wert von CATEGORIES) oder Gewichte für jede Schicht in STRATA.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="352"/>
        <source>The declaration (CATEGORIES, STRATA, REPLACEMENT_WEIGHTS) is refused: {error}</source>
        <translation>Die Angaben (CATEGORIES, STRATA, REPLACEMENT_WEIGHTS) werden abgelehnt: {error}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="365"/>
        <source>{name} must be numbers for a numeric FIELD (got '{text}').</source>
        <translation>{name} muss bei einem numerischen FIELD aus Zahlen bestehen (erhalten: '{text}').</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="369"/>
        <source>{name} lists a value twice.</source>
        <translation>{name} nennt einen Wert zweimal.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="382"/>
        <source>{name} must give each of the values {values} exactly once as value=weight with a weight &gt; 0 (a value with weight 0 could never be reported by replacement: epsilon would be infinite).</source>
        <translation>{name} muss jeden der Werte {values} genau einmal als Wert=Gewicht mit einem Gewicht &gt; 0 angeben (ein Wert mit Gewicht 0 könnte durch Ersetzung nie gemeldet werden: Epsilon wäre unendlich).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="394"/>
        <source>STRATA needs STRATA_FIELD, the field holding the stratum.</source>
        <translation>STRATA braucht STRATA_FIELD, das Feld mit der Schicht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="397"/>
        <source>STRATA_FIELD needs STRATA, the declared strata, one per line: e.g. 'electric: sedan, suv' and 'gas' (all CATEGORIES). Strata are never read from the data.</source>
        <translation>STRATA_FIELD braucht STRATA, die angegebenen Schichten, eine je Zeile: z. B. 'electric: sedan, suv' und 'gas' (alle CATEGORIES). Schichten werden nie aus den Daten gelesen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="415"/>
        <source>STRATA lists values that are not in CATEGORIES: {values}.</source>
        <translation>STRATA nennt Werte, die nicht in CATEGORIES stehen: {values}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="421"/>
        <source>Declared values (CATEGORIES): {values}.</source>
        <translation>Angegebene Werte (CATEGORIES): {values}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="423"/>
        <source>Replacements are drawn from the declared distribution: {weights}.</source>
        <translation>Ersatzwerte werden aus der angegebenen Verteilung gezogen: {weights}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="427"/>
        <source>Values that are not declared, and NULL, are reported as '{other}'.</source>
        <translation>Nicht angegebene Werte und NULL werden als '{other}' gemeldet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="430"/>
        <source>Values that are not declared, and NULL, are reported as a draw from the replacement distribution.</source>
        <translation>Nicht angegebene Werte und NULL werden als Ziehung aus der Ersetzungsverteilung gemeldet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="433"/>
        <source>Replacements stay within the declared stratum given by '{field}': the stratum is published exactly and is not protected. Epsilon is the largest over the strata.</source>
        <translation>Ersetzungen bleiben innerhalb der angegebenen Schicht aus '{field}': Die Schicht wird exakt veröffentlicht und ist nicht geschützt. Epsilon ist das größte über alle Schichten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="437"/>
        <source>P_TRUTH was derived from EPSILON and the declared values and weights.</source>
        <translation>P_TRUTH wurde aus EPSILON und den angegebenen Werten und Gewichten abgeleitet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="444"/>
        <source>STRATA_FIELD holds values that STRATA does not declare (or NULL; listed in the log). Declare every stratum in STRATA, or clean the field first.</source>
        <translation>STRATA_FIELD enthält Werte, die STRATA nicht angibt (oder NULL; im Protokoll aufgeführt). Geben Sie jede Schicht in STRATA an oder bereinigen Sie das Feld vorher.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="447"/>
        <source>STRATA_FIELD has a distinct value in every row: it identifies rows and would be published as it is. Choose a coarse public stratum (e.g. fuel type).</source>
        <translation>STRATA_FIELD hat in jeder Zeile einen eigenen Wert: Es identifiziert Zeilen und würde unverändert veröffentlicht. Wählen Sie eine grobe öffentliche Schicht (z. B. Kraftstoffart).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="237"/>
        <source>{n} values of '{field}' are not declared for their stratum (or are NULL) and were reported by the public rule.</source>
        <translation>{n} Werte von '{field}' sind für ihre Schicht nicht deklariert (oder NULL) und wurden nach der öffentlichen Regel gemeldet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/randomized_response.py" line="442"/>
        <source>Undeclared values of STRATA_FIELD: {values}.</source>
        <translation>Nicht deklarierte Werte von STRATA_FIELD: {values}.</translation>
    </message>
</context>
<context>
    <name>References</name>
    <message>
        <location filename="../dp_geoprivacy/processing/references.py" line="43"/>
        <source>References</source>
        <translation>Literatur</translation>
    </message>
</context>
<context>
    <name>ReleaseLayer</name>
    <message>
        <location filename="../dp_geoprivacy/processing/privacy_metadata.py" line="140"/>
        <source>±{moe:.2g} at 95%</source>
        <translation>±{moe:.2g} bei 95 %</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/privacy_metadata.py" line="142"/>
        <source>95% within {q95:,.0f} m</source>
        <translation>95 % innerhalb {q95:,.0f} m</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/privacy_metadata.py" line="143"/>
        <source>run {run}</source>
        <translation>Lauf {run}</translation>
    </message>
</context>
<context>
    <name>SearchWords</name>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="56"/>
        <source>Moves each point by random noise so that no one's exact location is published.</source>
        <translation>Verschiebt jeden Punkt um zufälliges Rauschen, sodass niemandes genauer Ort veröffentlicht wird.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="58"/>
        <source>Publishes each trip's line redrawn with differentially private noise.</source>
        <translation>Veröffentlicht die Linie jedes Wegs, mit differenziell privatem Rauschen neu gezeichnet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="60"/>
        <source>Counts points per zone or hexagon and publishes the counts with differential privacy.</source>
        <translation>Zählt Punkte je Zone oder Sechseck und veröffentlicht die Anzahlen mit differentieller Privatsphäre.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="62"/>
        <source>Publishes the origin-destination matrix (trips between zones) with differential privacy, as flow lines and a table.</source>
        <translation>Veröffentlicht die Quelle-Ziel-Matrix (Wege zwischen Zonen) mit differentieller Privatsphäre, als Stromlinien und Tabelle.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="65"/>
        <source>Publishes a statistic of a numeric field per zone (mean, median, sum, ...) with differential privacy.</source>
        <translation>Veröffentlicht eine Statistik eines numerischen Felds je Zone (Mittelwert, Median, Summe, ...) mit differentieller Privatsphäre.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="68"/>
        <source>Publishes a standard mobility report (visits, flows, trips over time and more) with user-level differential privacy.</source>
        <translation>Veröffentlicht einen Standard-Mobilitätsbericht (Besuche, Ströme, Wege im Zeitverlauf und mehr) mit differentieller Privatsphäre je Nutzer.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="71"/>
        <source>Replaces each record's category at random (randomized response) and estimates the true shares.</source>
        <translation>Ersetzt die Kategorie jedes Datensatzes zufällig (Randomized Response) und schätzt die wahren Anteile.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="74"/>
        <source>Reports each trip's origin and destination zone, or a zone drawn at random.</source>
        <translation>Gibt für jeden Weg Start- und Zielzone an, oder eine zufällig gezogene Zone.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="76"/>
        <source>Publishes synthetic trips drawn from noisy tables of the real ones.</source>
        <translation>Veröffentlicht synthetische Wege, gezogen aus verrauschten Tabellen der echten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="78"/>
        <source>Shows how often noise would move points out of their zone (calibration; not private).</source>
        <translation>Zeigt, wie oft Rauschen Punkte aus ihrer Zone schieben würde (Kalibrierung; nicht privat).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="81"/>
        <source>Compares a release with the raw data (not private: for the data holder only).</source>
        <translation>Vergleicht eine Veröffentlichung mit den Rohdaten (nicht privat: nur für den Dateninhaber).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="83"/>
        <source>Tells the accuracy each epsilon would give, before any data is read.</source>
        <translation>Nennt die Genauigkeit, die jedes Epsilon ergäbe, bevor Daten gelesen werden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="85"/>
        <source>Adds up the privacy budget spent by releases (from their records and the ledger).</source>
        <translation>Summiert das von Veröffentlichungen verbrauchte Privatsphäre-Budget (aus ihren Protokollen und dem Journal).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="87"/>
        <source>Publishes noisy point counts in zones that a private quadtree refines where there are many points.</source>
        <translation>Veröffentlicht verrauschte Punktanzahlen in Zonen, die ein privater Quadtree dort verfeinert, wo viele Punkte liegen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="90"/>
        <source>Publishes noisy point counts in H3 hexagons at several resolutions that add up.</source>
        <translation>Veröffentlicht verrauschte Punktanzahlen in H3-Sechsecken auf mehreren Auflösungen, die sich aufaddieren.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="92"/>
        <source>Example model: households counted per H3 hexagon with differential privacy, within a privacy budget.</source>
        <translation>Beispielmodell: Haushalte je H3-Sechseck gezählt, mit differentieller Privatsphäre, innerhalb eines Privatsphäre-Budgets.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="95"/>
        <source>Example model: noisy OD flows and the privacy report of the release.</source>
        <translation>Beispielmodell: verrauschte Quelle-Ziel-Ströme und der Privatsphäre-Bericht der Veröffentlichung.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="97"/>
        <source>Makes an H3 hexagon grid over an extent (public, no privacy cost).</source>
        <translation>Erzeugt ein H3-Sechseckgitter über eine Ausdehnung (öffentlich, ohne Privatsphärekosten).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/search_words.py" line="98"/>
        <source>Writes the true start and end points of tracks (preparation; not private).</source>
        <translation>Schreibt die wahren Start- und Endpunkte von Spuren (Vorbereitung; nicht privat).</translation>
    </message>
</context>
<context>
    <name>SyntheticTrips</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="420"/>
        <source>Synthetic trips</source>
        <translation>Synthetische Wege</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="15"/>
        <source>&lt;p&gt;Publishes a synthetic trip file instead of the real one, with differential privacy.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Trips.&lt;/b&gt; INPUT is a line layer (origin = first vertex, destination = last vertex) or a table with ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD, DEST_Y_FIELD (in COORDINATES_CRS) or with the zone ids ORIGIN_ZONE_FIELD and DEST_ZONE_FIELD (matched as text to the zones' ids), with a start time (START_FIELD: a date-time field or ISO text such as 2013-10-01T08:15:00), optional DURATION_FIELD (minutes) and categorical ATTRIBUTE_FIELDS. The ends are put in ZONES (a public polygon layer) or H3 cells (H3_RESOLUTION; with EXTENT for model 0).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Public declarations, never read from the data.&lt;/b&gt; The time bins run from PERIOD_START to PERIOD_END in steps of TIME_BIN_MINUTES (15 as Asghar, Tyler and Kaafar 2017); durations are cut into DURATION_BINS equal bins up to MAX_DURATION minutes; the values of each attribute are listed in CATEGORIES, e.g. 'usertype=Subscriber|Customer; gender=male|female'. Trips are dropped, and counted in the log, when their start is NULL or does not parse, lies outside the period, when an end lies in no zone, or the duration is NULL, negative or not a number; a duration above MAX_DURATION is clamped into the last bin and counted; an attribute value not listed (or NULL) becomes 'other'. Each rule looks at one trip only. Roy, Kantarcioglu and Sweeney 2016 removes outliers by 3 IQR of the raw data and groups attributes by a chi-square test on the raw data: both are statistics of the data, so they are not differentially private and are not copied; the maximum and the groups are declared instead.&lt;/p&gt;&lt;p&gt;&lt;b&gt;MODEL 0: contingency tables&lt;/b&gt; (Roy, Kantarcioglu and Sweeney 2016 §3). Laplace noise on every cell of the tables total, origin x destination, origin x start bin, (origin, destination) x duration bin and origin x each attribute. EPSILON is split by WEIGHTS (one positive number per table in that order, e.g. '1,4,2,2,1'; empty: 1,4,2,2 and 1 per attribute); the tables are computed on the same trips, so they add up (sequential composition) to EPSILON. Negative counts are set to zero (Roy, Kantarcioglu and Sweeney 2016 §3.1). N, the number of synthetic trips, is the noisy total, never the true one. Each trip is sampled: the (origin, destination) pair from its table, the start bin from the origin's row, the duration bin from the pair's row, each attribute from the origin's row, times uniform within their bins (Roy, Kantarcioglu and Sweeney 2016 §3.2); a row whose noisy counts are all zero is sampled uniformly. The trip is a line between random points inside its zones (POINTS=0) or the zones' representative points (POINTS=1).&lt;/p&gt;&lt;p&gt;&lt;b&gt;MODEL 1: stability histograms&lt;/b&gt; (Asghar, Tyler and Kaafar 2017 §3-4). PARTITION_FIELDS (e.g. day and mode) split the trips into disjoint partitions; a NULL value is a partition of its own. Within each partition the stability-based histogram (Asghar, Tyler and Kaafar 2017 Algorithm 1) releases each chosen MARGINAL (tap-on time, tap-on place, tap-off time, tap-off place, tap-on time x place, tap-off time x place; tap-off time = start + duration) with EPSILON split by WEIGHTS (Asghar, Tyler and Kaafar 2017: 1,1,1,1,2,2 with EPSILON=8; empty: 1 per one-way and 2 per two-way marginal) and DELTA split equally (Asghar, Tyler and Kaafar 2017: 6/8,000,000). Only cells with trips are noised and a cell is published when its noisy count reaches the threshold: no cell absent from the data is ever output. The output repeats each published cell by its rounded noisy count, ordered by marginal, partition and cell, never by the data.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Composition&lt;/b&gt; (Asghar, Tyler and Kaafar 2017 Theorem 7): the releases within a partition compose sequentially to (EPSILON, DELTA); the partitions are disjoint sets of trips made by this algorithm's own split of the data, so they compose in parallel: the whole release is (EPSILON, DELTA)-DP. The record and the ledger state this. (The ledger's PARTITION is the part of the source this run covers.)&lt;/p&gt;&lt;p&gt;&lt;b&gt;Unit of privacy.&lt;/b&gt; One trip, or with USER_FIELD one user: each user keeps at most MAX_TRIPS (M) trips sampled uniformly, noise scales by M (model 1: the stability threshold too). Trips with a NULL user id are dropped and counted.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Outputs.&lt;/b&gt; OUTPUT: the synthetic trips (model 0: lines; model 1: rows without geometry). OUTPUT_TABLES: the noisy tables (model 0: cells with a count of 1 or more; duration rows of the pairs the sampling used, whose noise is drawn when first needed: the same distribution as noising every row); one release with the trips. &lt;b&gt;UTILITY_CHECK&lt;/b&gt; (NOT differentially private): Roy, Kantarcioglu and Sweeney 2016 Fig. 1's comparison of original and synthetic trips (top 5 origins, destinations, routes and days with their shares) and the average relative error and EMD per table, as OUTPUT_UTILITY and the HTML page OUTPUT_UTILITY_HTML; both are marked not differentially private and are for the data holder only.&lt;/p&gt;&lt;p&gt;Sources: Roy, Kantarcioglu and Sweeney 2016 §3-4; Asghar, Tyler and Kaafar 2017 §2 (Theorems 2-3), §3 (Algorithm 1, §3.3.1) and §4 (Theorem 7); Kapp et al. 2023 §4.3 (user bound).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Veröffentlicht statt der echten Wegedatei eine synthetische, mit differentieller Privatsphäre.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Wege.&lt;/b&gt; INPUT ist ein Linienlayer (Start = erster Stützpunkt, Ziel = letzter Stützpunkt) oder eine Tabelle mit ORIGIN_X_FIELD, ORIGIN_Y_FIELD, DEST_X_FIELD, DEST_Y_FIELD (in COORDINATES_CRS) oder mit den Zonenkennungen ORIGIN_ZONE_FIELD und DEST_ZONE_FIELD (als Text mit den Kennungen der Zonen abgeglichen), mit einer Startzeit (START_FIELD: ein Datum-Zeit-Feld oder ISO-Text wie 2013-10-01T08:15:00), optional DURATION_FIELD (Minuten) und kategorialen ATTRIBUTE_FIELDS. Die Enden werden ZONES (ein öffentlicher Polygonlayer) oder H3-Zellen (H3_RESOLUTION; für Modell 0 mit EXTENT) zugeordnet.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Öffentliche Festlegungen, nie aus den Daten gelesen.&lt;/b&gt; Die Zeitintervalle laufen von PERIOD_START bis PERIOD_END in Schritten von TIME_BIN_MINUTES (15 wie in Asghar, Tyler und Kaafar 2017); die Dauer wird in DURATION_BINS gleiche Intervalle bis MAX_DURATION Minuten geteilt; die Werte jedes Attributs stehen in CATEGORIES, z. B. 'usertype=Subscriber|Customer; gender=male|female'. Wege werden verworfen und im Protokoll gezählt, wenn ihr Start NULL oder nicht lesbar ist oder außerhalb des Zeitraums liegt, wenn ein Ende in keiner Zone liegt oder die Dauer NULL, negativ oder keine Zahl ist; eine Dauer über MAX_DURATION wird in das letzte Intervall begrenzt und gezählt; ein nicht aufgeführter Attributwert (oder NULL) wird zu 'other'. Jede Regel betrachtet nur einen Weg. Roy, Kantarcioglu und Sweeney 2016 entfernt Ausreißer nach 3 IQR der Rohdaten und gruppiert Attribute nach einem Chi-Quadrat-Test auf den Rohdaten: Beides sind Statistiken der Daten, also nicht differentiell privat, und wird nicht übernommen; Höchstdauer und Gruppen werden stattdessen festgelegt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;MODEL 0: Kontingenztafeln&lt;/b&gt; (Roy, Kantarcioglu und Sweeney 2016 §3). Laplace-Rauschen auf jeder Zelle der Tabellen Gesamtzahl, Start x Ziel, Start x Startintervall, (Start, Ziel) x Dauer-Intervall und Start x jedes Attribut. EPSILON wird nach WEIGHTS aufgeteilt (eine positive Zahl je Tabelle in dieser Reihenfolge, z. B. '1,4,2,2,1'; leer: 1,4,2,2 und 1 je Attribut); die Tabellen werden aus denselben Wegen berechnet und addieren sich daher (sequentielle Komposition) zu EPSILON. Negative Zählungen werden auf null gesetzt (Roy, Kantarcioglu und Sweeney 2016 §3.1). N, die Zahl der synthetischen Wege, ist die verrauschte Gesamtzahl, nie die wahre. Jeder Weg wird gezogen: das Paar (Start, Ziel) aus seiner Tabelle, das Startintervall aus der Zeile der Startzone, das Dauer-Intervall aus der Zeile des Paars, jedes Attribut aus der Zeile der Startzone, Zeiten gleichverteilt innerhalb ihrer Intervalle (Roy, Kantarcioglu und Sweeney 2016 §3.2); eine Zeile, deren verrauschte Zählungen alle null sind, wird gleichverteilt gezogen. Der Weg ist eine Linie zwischen zufälligen Punkten in seinen Zonen (POINTS=0) oder den repräsentativen Punkten der Zonen (POINTS=1).&lt;/p&gt;&lt;p&gt;&lt;b&gt;MODEL 1: Stabilitätshistogramme&lt;/b&gt; (Asghar, Tyler und Kaafar 2017 §3-4). PARTITION_FIELDS (z. B. Tag und Verkehrsmittel) teilen die Wege in disjunkte Partitionen; ein NULL-Wert ist eine eigene Partition. In jeder Partition veröffentlicht das stabilitätsbasierte Histogramm (Asghar, Tyler und Kaafar 2017 Algorithmus 1) jede gewählte Randverteilung (MARGINALS: Einstiegszeit, Einstiegsort, Ausstiegszeit, Ausstiegsort, Einstiegszeit x Ort, Ausstiegszeit x Ort; Ausstiegszeit = Start + Dauer) mit nach WEIGHTS aufgeteiltem EPSILON (Asghar, Tyler und Kaafar 2017: 1,1,1,1,2,2 mit EPSILON=8; leer: 1 je einfacher und 2 je zweifacher Randverteilung) und gleich aufgeteiltem DELTA (Asghar, Tyler und Kaafar 2017: 6/8.000.000). Nur Zellen mit Wegen werden verrauscht, und eine Zelle wird veröffentlicht, wenn ihre verrauschte Zählung die Schwelle erreicht: Eine Zelle, die in den Daten fehlt, wird nie ausgegeben. Die Ausgabe wiederholt jede veröffentlichte Zelle so oft wie ihre gerundete verrauschte Zählung, geordnet nach Randverteilung, Partition und Zelle, nie nach den Daten.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Komposition&lt;/b&gt; (Asghar, Tyler und Kaafar 2017 Theorem 7): Die Veröffentlichungen innerhalb einer Partition setzen sich sequentiell zu (EPSILON, DELTA) zusammen; die Partitionen sind disjunkte Mengen von Wegen aus der eigenen Aufteilung der Daten durch diesen Algorithmus und setzen sich daher parallel zusammen: Die ganze Veröffentlichung ist (EPSILON, DELTA)-DP. Der Nachweis und das Journal halten das fest. (PARTITION des Journals ist der Teil der Quelle, den dieser Lauf abdeckt.)&lt;/p&gt;&lt;p&gt;&lt;b&gt;Schutzeinheit.&lt;/b&gt; Ein Weg, oder mit USER_FIELD ein Nutzer: Jeder Nutzer behält höchstens MAX_TRIPS (M) gleichverteilt gezogene Wege, das Rauschen wächst mit M (Modell 1: auch die Stabilitätsschwelle). Wege mit NULL-Nutzerkennung werden verworfen und gezählt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Ausgaben.&lt;/b&gt; OUTPUT: die synthetischen Wege (Modell 0: Linien; Modell 1: Zeilen ohne Geometrie). OUTPUT_TABLES: die verrauschten Tabellen (Modell 0: Zellen mit einer Zählung von 1 oder mehr; Dauer-Zeilen der Paare, die beim Ziehen verwendet wurden, deren Rauschen erst bei Bedarf gezogen wird: dieselbe Verteilung wie beim Verrauschen jeder Zeile); eine Veröffentlichung mit den Wegen. &lt;b&gt;UTILITY_CHECK&lt;/b&gt; (NICHT differentiell privat): der Vergleich von Original- und synthetischen Wegen nach Roy, Kantarcioglu und Sweeney 2016 Abb. 1 (Top 5 der Start- und Zielzonen, Routen und Tage mit ihren Anteilen) sowie mittlerer relativer Fehler und EMD je Tabelle, als OUTPUT_UTILITY und als HTML-Seite OUTPUT_UTILITY_HTML; beide sind als nicht differentiell privat gekennzeichnet und nur für den Datenhalter bestimmt.&lt;/p&gt;&lt;p&gt;Quellen: Roy, Kantarcioglu und Sweeney 2016 §3-4; Asghar, Tyler und Kaafar 2017 §2 (Theoreme 2-3), §3 (Algorithmus 1, §3.3.1) und §4 (Theorem 7); Kapp et al. 2023 §4.3 (Nutzergrenze).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="120"/>
        <source>Origin y field</source>
        <translation>Feld Start-y</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="120"/>
        <source>Destination x field</source>
        <translation>Feld Ziel-x</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="120"/>
        <source>Destination y field</source>
        <translation>Feld Ziel-y</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="126"/>
        <source>Origin zone id field (optional)</source>
        <translation>Feld Startzonen-Kennung (optional)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="128"/>
        <source>Destination zone id field</source>
        <translation>Feld Zielzonen-Kennung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="130"/>
        <source>Start time field</source>
        <translation>Feld Startzeit</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="132"/>
        <source>Duration field (minutes; optional)</source>
        <translation>Feld Dauer (Minuten; optional)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="134"/>
        <source>Categorical attribute fields (model 0)</source>
        <translation>Kategoriale Attributfelder (Modell 0)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="141"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="141"/>
        <source>Contingency tables (Roy, Kantarcioglu and Sweeney 2016; pure epsilon-DP)</source>
        <translation>Kontingenztafeln (Roy, Kantarcioglu und Sweeney 2016; reine Epsilon-DP)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="141"/>
        <source>Stability histograms over partitions (Asghar, Tyler and Kaafar 2017; needs DELTA)</source>
        <translation>Stabilitätshistogramme über Partitionen (Asghar, Tyler und Kaafar 2017; braucht DELTA)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="145"/>
        <source>Period start (ISO date-time, public)</source>
        <translation>Beginn des Zeitraums (ISO-Datum mit Uhrzeit, öffentlich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="146"/>
        <source>Period end (ISO date-time, public)</source>
        <translation>Ende des Zeitraums (ISO-Datum mit Uhrzeit, öffentlich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="147"/>
        <source>Time bin (minutes)</source>
        <translation>Zeitintervall (Minuten)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="149"/>
        <source>Public maximum duration (minutes)</source>
        <translation>Öffentliche Höchstdauer (Minuten)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="151"/>
        <source>Duration bins</source>
        <translation>Dauer-Intervalle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="153"/>
        <source>Epsilon (total privacy loss)</source>
        <translation>Epsilon (gesamter Privatsphäreverlust)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="160"/>
        <source>Marginals (model 1)</source>
        <translation>Randverteilungen (Modell 1)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="160"/>
        <source>Tap-on time</source>
        <translation>Einstiegszeit</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="160"/>
        <source>Tap-on place</source>
        <translation>Einstiegsort</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="160"/>
        <source>Tap-off time</source>
        <translation>Ausstiegszeit</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="160"/>
        <source>Tap-off place</source>
        <translation>Ausstiegsort</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="160"/>
        <source>Tap-on time x place</source>
        <translation>Einstiegszeit x Ort</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="160"/>
        <source>Tap-off time x place</source>
        <translation>Ausstiegszeit x Ort</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="164"/>
        <source>Partition fields (model 1, e.g. day and mode)</source>
        <translation>Partitionsfelder (Modell 1, z. B. Tag und Verkehrsmittel)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="167"/>
        <source>User id field (user-level privacy; optional)</source>
        <translation>Feld Nutzerkennung (Privatsphäre auf Nutzerebene; optional)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="169"/>
        <source>Maximum trips per user (M)</source>
        <translation>Höchstzahl Wege je Nutzer (M)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="171"/>
        <source>Trip ends (model 0)</source>
        <translation>Wegenden (Modell 0)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="171"/>
        <source>Random points inside the zones</source>
        <translation>Zufällige Punkte in den Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="171"/>
        <source>The zones' representative points</source>
        <translation>Die repräsentativen Punkte der Zonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="423"/>
        <source>Noisy tables</source>
        <translation>Verrauschte Tabellen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="427"/>
        <source>Utility check (NOT differentially private)</source>
        <translation>Nutzwertprüfung (NICHT differentiell privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="186"/>
        <source>HTML files (*.html)</source>
        <translation>HTML-Dateien (*.html)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="190"/>
        <source>Epsilon spent</source>
        <translation>Verbrauchtes Epsilon</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="190"/>
        <source>Delta spent</source>
        <translation>Verbrauchtes Delta</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="190"/>
        <source>Synthetic rows written</source>
        <translation>Geschriebene synthetische Zeilen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="205"/>
        <source>WEIGHTS must be numbers greater than 0 separated by commas (got '{v}').</source>
        <translation>WEIGHTS müssen Zahlen größer als 0 sein, durch Kommas getrennt (erhalten: '{v}').</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="207"/>
        <source>WEIGHTS needs {n} numbers, one for each of: {names} (got {k}).</source>
        <translation>WEIGHTS braucht {n} Zahlen, eine für jede von: {names} (erhalten: {k}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="214"/>
        <source>Give all four coordinate fields or none (given: {given}).</source>
        <translation>Geben Sie alle vier Koordinatenfelder an oder keines (angegeben: {given}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="217"/>
        <source>Give both ORIGIN_ZONE_FIELD and DEST_ZONE_FIELD, and then no coordinate fields.</source>
        <translation>Geben Sie ORIGIN_ZONE_FIELD und DEST_ZONE_FIELD beide an, und dann keine Koordinatenfelder.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="237"/>
        <source>DELTA must be in (0, 1) for model 1 (got {v}); Asghar, Tyler and Kaafar 2017 uses 6 / 8,000,000 = 7.5e-7 for six marginals.</source>
        <translation>DELTA muss für Modell 1 in (0, 1) liegen (erhalten: {v}); Asghar, Tyler und Kaafar 2017 verwendet 6 / 8.000.000 = 7,5e-7 für sechs Randverteilungen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="242"/>
        <source>MAX_TRIPS must be a whole number of at least 1 (got {v}).</source>
        <translation>MAX_TRIPS muss eine ganze Zahl von mindestens 1 sein (erhalten: {v}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="271"/>
        <source>PERIOD_END must be after PERIOD_START, and TIME_BIN_MINUTES at least one second.</source>
        <translation>PERIOD_END muss nach PERIOD_START liegen und TIME_BIN_MINUTES mindestens eine Sekunde betragen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="280"/>
        <source>Choose at least one of the MARGINALS for model 1.</source>
        <translation>Wählen Sie für Modell 1 mindestens eine der MARGINALS.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="282"/>
        <source>The tap-off time marginals need DURATION_FIELD (tap-off = start + duration); set it or leave them out of MARGINALS.</source>
        <translation>Die Randverteilungen der Ausstiegszeit brauchen DURATION_FIELD (Ausstieg = Start + Dauer); setzen Sie es oder lassen Sie sie in MARGINALS weg.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="303"/>
        <source>UTILITY_CHECK needs OUTPUT_UTILITY or OUTPUT_UTILITY_HTML.</source>
        <translation>UTILITY_CHECK braucht OUTPUT_UTILITY oder OUTPUT_UTILITY_HTML.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="133"/>
        <source>Zones: {cells}.</source>
        <translation>Zonen: {cells}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="320"/>
        <source>Model 0 would noise {n:,} table cells (limit {limit:,}): use fewer zones or longer TIME_BIN_MINUTES, or a shorter period.</source>
        <translation>Modell 0 würde {n:,} Tabellenzellen verrauschen (Grenze {limit:,}): Verwenden Sie weniger Zonen, ein längeres TIME_BIN_MINUTES oder einen kürzeren Zeitraum.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="335"/>
        <source>an end in no zone</source>
        <translation>einem Ende in keiner Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="338"/>
        <source>a start time that is NULL or does not parse</source>
        <translation>einer Startzeit, die NULL ist oder nicht lesbar</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="341"/>
        <source>a start outside PERIOD_START to PERIOD_END</source>
        <translation>einem Start außerhalb von PERIOD_START bis PERIOD_END</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="347"/>
        <source>a duration that is NULL, negative or not a number</source>
        <translation>einer Dauer, die NULL, negativ oder keine Zahl ist</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="351"/>
        <source>{n} trips last longer than MAX_DURATION={m:g} minutes: clamped to it (last duration bin).</source>
        <translation>{n} Wege dauern länger als MAX_DURATION={m:g} Minuten: auf diesen Wert begrenzt (letztes Dauer-Intervall).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="361"/>
        <source>Dropped {n} trips with {reason}.</source>
        <translation>{n} Wege mit {reason} verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="363"/>
        <source>No trip is usable ({reasons}); check START_FIELD, PERIOD_START/PERIOD_END and the zones.</source>
        <translation>Kein Weg ist verwendbar ({reasons}); prüfen Sie START_FIELD, PERIOD_START/PERIOD_END und die Zonen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="370"/>
        <source>{n} values of {field} are not in CATEGORIES (or NULL): category 'other'.</source>
        <translation>{n} Werte von {field} stehen nicht in CATEGORIES (oder sind NULL): Kategorie 'other'.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="380"/>
        <source>one user ({field}), at most {m} trips kept per user (sampled uniformly)</source>
        <translation>ein Nutzer ({field}), höchstens {m} Wege je Nutzer behalten (gleichverteilt gezogen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="380"/>
        <source>one trip (item-level)</source>
        <translation>ein Weg (Einzeldatensatz-Ebene)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="401"/>
        <source>Every trip has a NULL user id in {field}; choose the USER_FIELD that identifies the traveller.</source>
        <translation>Jeder Weg hat in {field} eine NULL-Nutzerkennung; wählen Sie als USER_FIELD das Feld, das die reisende Person kennzeichnet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="406"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="430"/>
        <source>Utility check</source>
        <translation>Nutzwertprüfung</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="456"/>
        <source>INPUT has no CRS: set COORDINATES_CRS (e.g. EPSG:4326) or the layer's CRS.</source>
        <translation>INPUT hat kein KBS: Setzen Sie COORDINATES_CRS (z. B. EPSG:4326) oder das KBS des Layers.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="113"/>
        <source>Dropped {n} trips whose user id ({field}) is NULL or empty.</source>
        <translation>{n} Wege verworfen, deren Nutzerkennung ({field}) NULL oder leer ist.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="117"/>
        <source>User bound: {n} trips beyond {m} per user were left out (sampled uniformly).</source>
        <translation>Nutzergrenze: {n} Wege über {m} je Nutzer hinaus wurden weggelassen (gleichverteilt gezogen).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="121"/>
        <source>Noisy total {t:g}: {n} synthetic trips.</source>
        <translation>Verrauschte Gesamtzahl {t:g}: {n} synthetische Wege.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="136"/>
        <source>The number of partitions that occur is not recorded: it is a fact of the data.</source>
        <translation>Die Zahl der vorkommenden Partitionen wird nicht festgehalten: Sie ist eine Eigenschaft der Daten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="139"/>
        <source>The synthetic trips and the noisy tables are one release (one epsilon); N is the noisy total.</source>
        <translation>Die synthetischen Wege und die verrauschten Tabellen sind eine Veröffentlichung (ein Epsilon); N ist die verrauschte Gesamtzahl.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="108"/>
        <source>Publishes a synthetic trip file instead of the real one, sampled from noisy tables (model 0) or stability histograms (model 1).</source>
        <translation>Veröffentlicht statt der echten eine synthetische Fahrtendatei, gezogen aus verrauschten Tabellen (Modell 0) oder Stabilitätshistogrammen (Modell 1).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="108"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each trip, for the traveller; with USER_FIELD each user with up to M trips.</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; jede Fahrt, für die Reisenden; mit USER_FIELD jede Nutzerin und jeder Nutzer mit bis zu M Fahrten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="108"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (EPSILON={epsilon:g}, model 0): the OD table gets epsilon {e:.2g}, so each of its counts is off by at most ±{moe:.2g} (95%); the synthetic trips follow these noisy counts.</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (EPSILON={epsilon:g}, Modell 0): die OD-Tabelle erhält Epsilon {e:.2g}, daher weicht jede ihrer Zählungen um höchstens ±{moe:.2g} ab (95 %); die synthetischen Fahrten folgen diesen verrauschten Zählungen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="118"/>
        <source>Trips</source>
        <translation>Wege</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="120"/>
        <source>Origin x field</source>
        <translation>X-Feld des Starts</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="124"/>
        <source>CRS of the coordinate fields</source>
        <translation>KBS der Koordinatenfelder</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="137"/>
        <source>Declared categories</source>
        <translation>Deklarierte Kategorien</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="155"/>
        <source>Budget weights</source>
        <translation>Budgetgewichte</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="173"/>
        <source>Utility check (not private)</source>
        <translation>Nutzenprüfung (nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="186"/>
        <source>Utility check page (not private)</source>
        <translation>Seite der Nutzenprüfung (nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="124"/>
        <source>Published cells per marginal: {cells}; {rows} rows.</source>
        <translation>Veröffentlichte Zellen je Randverteilung: {cells}; {rows} Zeilen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="126"/>
        <source>{p} partitions; cells with trips per marginal: {cells}.</source>
        <translation>{p} Partitionen; Zellen mit Fahrten je Randverteilung: {cells}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="158"/>
        <source>Delta (model 1 or Gaussian noise; total)</source>
        <translation>Delta (Modell 1 oder Gauß-Rauschen; gesamt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="223"/>
        <source>NOISE=1 (discrete Laplace) is not offered by synthetic trips: use NOISE=0 (Laplace) or NOISE=2 (discrete Gaussian, model 0).</source>
        <translation>NOISE=1 (diskretes Laplace) wird für synthetische Fahrten nicht angeboten: verwenden Sie NOISE=0 (Laplace) oder NOISE=2 (diskretes Gauß, Modell 0).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="227"/>
        <source>NOISE=2 (discrete Gaussian) is for model 0: the stability histograms of model 1 are (epsilon, delta)-DP but not zero-concentrated DP. Use NOISE=0 with model 1.</source>
        <translation>NOISE=2 (diskretes Gauß) gilt für Modell 0: die Stabilitätshistogramme von Modell 1 sind (Epsilon, Delta)-DP, aber nicht nullkonzentriert DP. Verwenden Sie NOISE=0 mit Modell 1.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips.py" line="231"/>
        <source>NOISE=2 (discrete Gaussian) needs DELTA in (0, 1), e.g. DELTA=1e-6 (got {v}): it is (epsilon, delta)-DP through zero-concentrated DP. Or use NOISE=0 (Laplace).</source>
        <translation>NOISE=2 (diskretes Gauß) braucht DELTA in (0, 1), z. B. DELTA=1e-6 (erhalten: {v}): es ist (Epsilon, Delta)-DP über nullkonzentrierte DP. Oder verwenden Sie NOISE=0 (Laplace).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="89"/>
        <source>&lt;p&gt;&lt;b&gt;NOISE=2&lt;/b&gt; (model 0; with DELTA in (0, 1), e.g. 1e-6): the discrete Gaussian (Canonne, Kamath and Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithm 3) on every table instead of Laplace, calibrated to each table's L2 sensitivity. Each user counts at most once in each cell of every table but the total, so these tables count users, not trips (a trip one user repeats weighs once in the shapes the trips are drawn from), and a user with M trips changes them by sqrt(M) in L2 instead of M; the total still counts trips (L2 = L1 = M). The tables share one rho of zero-concentrated DP (Bun and Steinke 2016) by WEIGHTS, chosen so that the conversion of Canonne, Kamath and Steinke 2020 (Corollary 13) gives (EPSILON, DELTA); the record carries rho, epsilon and delta, and its notes each table's noise. At EPSILON={e:g} and DELTA={d:g} (rho={rho:.3g}) a release of one table gains from M = {m1} up; a table with the share w of the budget gains from about w times that, since rho splits linearly while the variance of a Laplace share grows as 1/w^2: the OD table at the default weights (w = 4/9) from M = {mw} up, and at M = {m} its counts have a {r:.2g} times smaller error. For small M use Laplace (NOISE=0). NOISE=1 is not offered, nor NOISE=2 with model 1 (the stability histograms are not zero-concentrated DP).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;NOISE=2&lt;/b&gt; (Modell 0; mit DELTA in (0, 1), z. B. 1e-6): das diskrete Gauß-Rauschen (Canonne, Kamath and Steinke 2020, 'The Discrete Gaussian for Differential Privacy', Algorithmus 3) auf jeder Tabelle statt Laplace, kalibriert auf die L2-Sensitivität jeder Tabelle. Jede Person zählt in jeder Zelle jeder Tabelle außer der Gesamtzahl höchstens einmal, diese Tabellen zählen also Personen, nicht Fahrten (eine Fahrt, die eine Person wiederholt, wiegt in den Verteilungen, aus denen die Fahrten gezogen werden, einmal), und eine Person mit M Fahrten ändert sie in L2 um sqrt(M) statt um M; die Gesamtzahl zählt weiter Fahrten (L2 = L1 = M). Die Tabellen teilen sich ein rho nullkonzentrierter DP (Bun and Steinke 2016) nach WEIGHTS, so gewählt, dass die Umrechnung von Canonne, Kamath and Steinke 2020 (Korollar 13) (EPSILON, DELTA) ergibt; der Nachweis enthält rho, Epsilon und Delta und in seinen Hinweisen das Rauschen jeder Tabelle. Bei EPSILON={e:g} und DELTA={d:g} (rho={rho:.3g}) gewinnt eine Veröffentlichung mit einer Tabelle ab M = {m1}; eine Tabelle mit dem Anteil w des Budgets gewinnt ab etwa dem w-Fachen davon, da rho sich linear aufteilt, während die Varianz eines Laplace-Anteils mit 1/w^2 wächst: die OD-Tabelle bei den Standardgewichten (w = 4/9) ab M = {mw}, und bei M = {m} haben ihre Zählwerte einen {r:.2g}-mal kleineren Fehler. Für kleines M verwenden Sie Laplace (NOISE=0). NOISE=1 wird nicht angeboten, ebenso wenig NOISE=2 mit Modell 1 (die Stabilitätshistogramme sind nicht nullkonzentriert DP).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="149"/>
        <source>Laplace noise on every table: {tables} (L1 sensitivity M for each).</source>
        <translation>Laplace-Rauschen auf jeder Tabelle: {tables} (L1-Sensitivität jeweils M).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/synthetic_trips_text.py" line="151"/>
        <source>Noise per table (NOISE=2): {tables}. Every table but the total counts each user once per cell (L2 sensitivity sqrt(M)); the total counts trips (L2 = L1 = M). Together rho = {rho:.4g}-zCDP (Bun and Steinke 2016), i.e. (epsilon {e:.4g}, delta {d:g})-DP (Canonne, Kamath and Steinke 2020 Corollary 13).</source>
        <translation>Rauschen je Tabelle (NOISE=2): {tables}. Jede Tabelle außer der Gesamtzahl zählt jede Person einmal je Zelle (L2-Sensitivität sqrt(M)); die Gesamtzahl zählt Fahrten (L2 = L1 = M). Zusammen rho = {rho:.4g}-zCDP (Bun and Steinke 2016), d. h. (Epsilon {e:.4g}, Delta {d:g})-DP (Canonne, Kamath and Steinke 2020 Korollar 13).</translation>
    </message>
</context>
<context>
    <name>TrajectoryPerturbation</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="98"/>
        <source>Trajectory perturbation (SDD, per-vertex Laplace)</source>
        <translation>Trajektorien verrauschen (SDD, Laplace je Stützpunkt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="184"/>
        <source>Trajectories (one line per trip)</source>
        <translation>Trajektorien (eine Linie je Fahrt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="186"/>
        <source>Mechanism</source>
        <translation>Mechanismus</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="186"/>
        <source>SDD: sampled distance and direction (Dumont et al. 2021 §6.1)</source>
        <translation>SDD: gezogene Schrittlänge und Richtung (Dumont et al. 2021 §6.1)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="186"/>
        <source>Planar Laplace on every resampled vertex</source>
        <translation>Planares Laplace auf jedem neu abgetasteten Stützpunkt</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="191"/>
        <source>Epsilon per trajectory</source>
        <translation>Epsilon je Trajektorie</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="194"/>
        <source>The privacy loss of one whole trip, split over its vertices, e.g. 5.</source>
        <translation>Der Privatsphäreverlust einer ganzen Fahrt, auf ihre Stützpunkte aufgeteilt, z. B. 5.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="196"/>
        <source>Vertices per published trip K (public)</source>
        <translation>Stützpunkte je veröffentlichter Fahrt K (öffentlich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="199"/>
        <source>A whole number of at least 3, the same for every trip, e.g. 20.</source>
        <translation>Eine ganze Zahl von mindestens 3, für jede Fahrt gleich, z. B. 20.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="201"/>
        <source>Maximum step MAX_STEP (metres, public; SDD)</source>
        <translation>Größter Schritt MAX_STEP (Meter, öffentlich; SDD)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="204"/>
        <source>A public bound on the distance between consecutive published vertices, e.g. 500 (metres); (K-1) x MAX_STEP must cover every trip's start-end distance.</source>
        <translation>Eine öffentliche Schranke für den Abstand aufeinanderfolgender veröffentlichter Stützpunkte, z. B. 500 (Meter); (K-1) x MAX_STEP muss den Abstand von Start und Ende jeder Fahrt abdecken.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="225"/>
        <source>Protected distance for Laplace noise (metres)</source>
        <translation>Geschützte Entfernung für Laplace-Rauschen (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="228"/>
        <source>Locations this far apart are indistinguishable at their share of epsilon, e.g. 100 (metres).</source>
        <translation>So weit auseinanderliegende Orte sind mit ihrem Anteil an Epsilon ununterscheidbar, z. B. 100 (Meter).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="231"/>
        <source>Snap output to grid (metres, 0 = no snapping)</source>
        <translation>Ausgabe auf Raster einrasten (Meter, 0 = nicht einrasten)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="234"/>
        <source>Metric CRS for the noise (recommended)</source>
        <translation>Metrisches KBS für das Rauschen (empfohlen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="236"/>
        <source>Fields to carry (default: none)</source>
        <translation>Zu übernehmende Felder (Vorgabe: keine)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="394"/>
        <source>Perturbed trajectories</source>
        <translation>Verrauschte Trajektorien</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="261"/>
        <source>Trajectories written</source>
        <translation>Geschriebene Trajektorien</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="262"/>
        <source>Epsilon spent (per trajectory)</source>
        <translation>Verbrauchtes Epsilon (je Trajektorie)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="263"/>
        <source>Noise scale (metres)</source>
        <translation>Rauschskala (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="270"/>
        <source>RESAMPLE must be a whole number of at least 3 (got {value}): the start, the end and one vertex in between.</source>
        <translation>RESAMPLE muss eine ganze Zahl von mindestens 3 sein (erhalten: {value}): Start, Ende und ein Stützpunkt dazwischen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="297"/>
        <source>The settings cannot be used: {error}.</source>
        <translation>Die Einstellungen sind nicht verwendbar: {error}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="304"/>
        <source>Skipped {n} features: {details}.</source>
        <translation>{n} Objekte übersprungen: {details}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="304"/>
        <source>{n} with {reason}</source>
        <translation>{n} mit {reason}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="322"/>
        <source>Noise drawn in {crs}; {n} trips resampled to {k} vertices.</source>
        <translation>Rauschen in {crs} gezogen; {n} Fahrten auf {k} Stützpunkte neu abgetastet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="349"/>
        <source>A person with m trips in the input is protected at m x epsilon (sequential composition over their trips).</source>
        <translation>Eine Person mit m Fahrten in der Eingabe ist mit m x Epsilon geschützt (sequenzielle Komposition über ihre Fahrten).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="352"/>
        <source>Start and end of every trip are published exactly (Dumont et al. 2021 eq. 16): they are not protected.</source>
        <translation>Start und Ende jeder Fahrt werden exakt veröffentlicht (Dumont et al. 2021 Gl. 16): Sie sind nicht geschützt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="390"/>
        <source>{n} perturbed trips fell outside the CRS's valid area and were dropped.</source>
        <translation>{n} verrauschte Fahrten fielen aus dem gültigen Bereich des KBS und wurden verworfen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="393"/>
        <source>Cancelled: no output was written.</source>
        <translation>Abgebrochen: Es wurde keine Ausgabe geschrieben.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="440"/>
        <source>INPUT has {n} multi-part lines: a trip must be one line with its vertices in travel order. Run 'Multipart to singleparts' (native:multiparttosingleparts) first; each part then counts as a trip.</source>
        <translation>INPUT enthält {n} mehrteilige Linien: Eine Fahrt muss eine Linie mit Stützpunkten in Fahrtrichtung sein. Zuerst „Mehrteilig zu einteilig“ (native:multiparttosingleparts) ausführen; jeder Teil zählt dann als Fahrt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="446"/>
        <source>INPUT has {n} lines with only one vertex: a trip needs a start and an end. Remove them first (e.g. Extract by expression: num_points($geometry) &gt;= 2).</source>
        <translation>INPUT enthält {n} Linien mit nur einem Stützpunkt: Eine Fahrt braucht Start und Ende. Diese zuerst entfernen (z. B. Nach Ausdruck extrahieren: num_points($geometry) &gt;= 2).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="243"/>
        <source>Published times are rounded to this public grain, e.g. 900 (seconds: a quarter of an hour). Times are not protected by the mechanism.</source>
        <translation>Veröffentlichte Zeiten werden auf dieses öffentliche Raster gerundet, z. B. 900 (Sekunden: eine Viertelstunde). Zeiten sind durch den Mechanismus nicht geschützt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="312"/>
        <source>The input's fields {names} are not carried: the output's start_time and end_time come from the M values.</source>
        <translation>Die Felder {names} der Eingabe werden nicht übernommen: start_time und end_time der Ausgabe stammen aus den M-Werten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="105"/>
        <source>Publishes one randomised version of every trip's track (SDD or per-vertex Laplace), so that the route cannot be read off the output.</source>
        <translation>Veröffentlicht eine zufällig veränderte Fassung der Spur jeder Fahrt (SDD oder Laplace je Stützpunkt), sodass sich der Weg nicht aus der Ausgabe ablesen lässt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="105"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each trip's whole track, for the traveller (one trajectory; a person with m trips is protected at m × EPSILON).</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; die ganze Spur jeder Fahrt, für die Reisenden (eine Trajektorie; eine Person mit m Fahrten ist mit m × EPSILON geschützt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="105"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (EPSILON={epsilon:g}, K={k}): SDD redraws each step at epsilon {step:.2g} within MAX_STEP={max_step:g} m; per-vertex Laplace would move each vertex {mean:.0f} m on average (95% within {q95:.0f} m).</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (EPSILON={epsilon:g}, K={k}): SDD zieht jeden Schritt mit Epsilon {step:.2g} innerhalb von MAX_STEP={max_step:g} m neu; Laplace je Stützpunkt würde jeden Stützpunkt im Mittel um {mean:.0f} m verschieben (95 % um höchstens {q95:.0f} m).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="317"/>
        <source>Trajectory perturbation (steps and noise in a plane)</source>
        <translation>Trajektorien-Verrauschung (Schritte und Rauschen in einer Ebene)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="365"/>
        <source>Timestamps (the input's M values) are NOT protected: each published vertex carries the time at its position along the true line, rounded to {grain:g} (M units), as M value and in start_time and end_time (VERTEX_TIMES). They reveal when each trip started and ended and its pace along the true route, to within the grain.</source>
        <translation>Zeitstempel (die M-Werte der Eingabe) sind NICHT geschützt: jeder veröffentlichte Stützpunkt trägt die Zeit an seiner Position entlang der wahren Linie, auf {grain:g} (M-Einheiten) gerundet, als M-Wert und in start_time und end_time (VERTEX_TIMES). Sie verraten, wann jede Fahrt begann und endete und ihr Tempo entlang der wahren Route, bis auf die Körnung.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="371"/>
        <source>Start times (the input's first M value of each trip) are NOT protected: published in start_time, rounded to {grain:g} (M units).</source>
        <translation>Startzeiten (der erste M-Wert jeder Fahrt der Eingabe) sind NICHT geschützt: in start_time veröffentlicht, auf {grain:g} (M-Einheiten) gerundet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="222"/>
        <source>Keep start and end exactly (not protected)</source>
        <translation>Start und Ende exakt behalten (nicht geschützt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="239"/>
        <source>Round timestamps to (0 = no rounding)</source>
        <translation>Zeitstempel runden auf (0 = nicht runden)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="246"/>
        <source>Publish vertex times (not protected)</source>
        <translation>Zeiten der Stützpunkte veröffentlichen (nicht geschützt)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="249"/>
        <source>The M values. Off: only each trip's start time, rounded to TIME_GRAIN. On: the time at every published vertex, which shows where along the true route the trip stopped. Neither is protected by the mechanism.</source>
        <translation>Die M-Werte. Aus: nur die Startzeit jeder Fahrt, auf TIME_GRAIN gerundet. An: die Zeit an jedem veröffentlichten Stützpunkt, die zeigt, wo entlang der wahren Route die Fahrt anhielt. Keines von beiden ist durch den Mechanismus geschützt.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="117"/>
        <source>&lt;p&gt;Publishes one randomised version of every trip's track (one line per trip, vertices in travel order), so that the route taken cannot be read off the output.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Resampling.&lt;/b&gt; Every line is first resampled to RESAMPLE = K vertices equally spaced along it. K is public and the same for all trips, so the number of published vertices says nothing about a trip (a vertex spacing would reveal each trip's length). Repeated vertices have no effect. Z values are dropped.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Timestamps (M values) are NOT protected.&lt;/b&gt; When the lines carry M values (e.g. epoch seconds, as GPS tracks written by QGIS or GDAL do), the output gets each trip's start time, rounded to TIME_GRAIN (advanced; 900 s by default, 0 = not rounded), as the field start_time, in the M values' unit. VERTEX_TIMES (advanced, off by default) publishes instead each published vertex's time at its position along the true line (interpolated between the input vertices, rounded the same way) as the output's M values (LineStringM), with start_time and end_time: they show where along the true route the trip slowed or stopped, and its pace. Times are passed through coarsened, like kept endpoints: no noise, no share of EPSILON. Even the start time can single out a person (a regular departure time). To publish no times, drop them first ('Drop M/Z values', native:dropmzvalues).&lt;/p&gt;&lt;p&gt;&lt;b&gt;SDD&lt;/b&gt; (Dumont et al. 2021 §6.1, eq. 16; Jiang et al., SSDBM 2013). Each of the K-2 inner vertices is re-drawn from the last published one: step length on [0, MAX_STEP] and direction by the exponential mechanism, with scores -|length - true length| (sensitivity MAX_STEP) and -angle to the true direction (sensitivity pi), over a public grid of 72 directions and 65 lengths, restricted to the steps that keep the end reachable in the steps left. Each step is one draw (no retry loop), so every trip finishes. Each step costs EPSILON/(K-2), half on length, half on direction; by sequential composition the trip costs EPSILON. KEEP_ENDPOINTS (default, as in Dumont et al. 2021) publishes start and end exactly: they are not protected at all (home and work often are the ends), and the guarantee is between routes with the same ends. Without it, start and end get planar Laplace at EPSILON/K per DISTANCE metres and every step EPSILON/K: trips whose starts and ends are each within DISTANCE are EPSILON-indistinguishable whatever their routes. A trip whose start and end are farther apart than (K-1) x MAX_STEP cannot be redrawn: NOT_FITTING says what happens to it. True steps longer than MAX_STEP are scored as MAX_STEP: a published step is never longer (up to GRID snapping).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Trips that do not fit&lt;/b&gt; (NOT_FITTING, SDD only). &lt;i&gt;Refuse&lt;/i&gt; (default): the run stops before any noise is drawn, and the log names the MAX_STEP that would fit (read from the data: private, do not publish it). &lt;i&gt;Shorten&lt;/i&gt;: such a trip is scaled about the midpoint of its start and end until they are (K-1) x MAX_STEP apart, keeping its shape, then perturbed like the others; this fixed map of each trip keeps the guarantee (with KEEP_ENDPOINTS its published ends are the shortened ones). &lt;i&gt;Leave out&lt;/i&gt;: such trips are not published. Whether a trip fits depends only on its start and end, so this is private only when they are published exactly (KEEP_ENDPOINTS); otherwise the number of rows would show a trip that was left out, and the run is refused. With Shorten or Leave out, the number of trips shortened or left out is published with discrete Laplace noise at NOT_FITTING_EPSILON (advanced, default 0.1), which is added to the epsilon of the record and the ledger (sequential composition).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Per-vertex planar Laplace.&lt;/b&gt; Each of the K vertices gets planar Laplace at EPSILON/K per DISTANCE metres (geo-indistinguishability per vertex; scale b = K x DISTANCE / EPSILON metres): trips whose resampled vertices are pairwise within DISTANCE are EPSILON-indistinguishable (sequential composition). Noise grows with K.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Unit of privacy.&lt;/b&gt; EPSILON is per trajectory. A person with m trips is protected at m x EPSILON: the metadata says so. Multi-part lines are refused (run 'Multipart to singleparts' first: each part then counts as a trip); lines with one vertex are refused.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Output.&lt;/b&gt; Lines in the input's CRS, rows in a random order, no attributes except the FIELDS you choose (a listed field that holds coordinates of the trips' starts in any CRS, or whose values link rows, such as trip or person ids, is refused; KEEP_IDENTIFIERS lets ids through in seeded study runs only); inner vertices snapped to GRID metres.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Noise CRS.&lt;/b&gt; The steps and the noise are drawn in a plane in ground metres, chosen from public facts only, never from the data: METRIC_CRS if given, else the layer's CRS; either must be projected in metres and true to scale (within 1%) over its whole area of use (a UTM zone, a national grid). For a layer in longitude/latitude or Web Mercator, set METRIC_CRS (e.g. the UTM zone of your area).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Budget.&lt;/b&gt; LEDGER (your private file), BUDGET and PARTITION record this release and stop a run that would exceed the source's budget before any noise is drawn; see dp_geoprivacy:privacyreport.&lt;/p&gt;&lt;p&gt;Sources: Dumont et al. 2021 §2.3, §6.1 (eq. 16), §6.2; Jiang, Shao, Bressan, Kister and Tan, SSDBM 2013; Andrés et al. 2013.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Veröffentlicht eine zufällige Fassung der Spur jeder Fahrt (eine Linie je Fahrt, Stützpunkte in Fahrtrichtung), sodass sich der gefahrene Weg nicht aus der Ausgabe ablesen lässt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Neuabtastung.&lt;/b&gt; Jede Linie wird zuerst auf RESAMPLE = K gleichmäßig entlang der Linie verteilte Stützpunkte abgetastet. K ist öffentlich und für alle Fahrten gleich, daher verrät die Zahl der veröffentlichten Stützpunkte nichts über eine Fahrt (ein fester Stützpunktabstand würde die Länge jeder Fahrt verraten). Doppelte Stützpunkte sind ohne Wirkung. Z-Werte werden verworfen.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zeitstempel (M-Werte) sind NICHT geschützt.&lt;/b&gt; Tragen die Linien M-Werte (z. B. Epochensekunden, wie sie QGIS oder GDAL in GPS-Spuren schreiben), erhält die Ausgabe die Startzeit jeder Fahrt, auf TIME_GRAIN gerundet (erweitert; standardmäßig 900 s, 0 = nicht gerundet), als Feld start_time, in der Einheit der M-Werte. VERTEX_TIMES (erweitert, standardmäßig aus) veröffentlicht stattdessen für jeden veröffentlichten Stützpunkt die Zeit an seiner Position entlang der wahren Linie (zwischen den Eingabestützpunkten interpoliert, ebenso gerundet) als M-Werte der Ausgabe (LineStringM), mit start_time und end_time: sie zeigen, wo entlang der wahren Route die Fahrt langsamer wurde oder anhielt, und ihr Tempo. Zeiten werden vergröbert durchgereicht, wie beibehaltene Endpunkte: kein Rauschen, kein Anteil an EPSILON. Schon die Startzeit kann eine Person herausheben (eine regelmäßige Abfahrtszeit). Um keine Zeiten zu veröffentlichen, entfernen Sie sie vorher ('M/Z-Werte entfernen', native:dropmzvalues).&lt;/p&gt;&lt;p&gt;&lt;b&gt;SDD&lt;/b&gt; (Dumont et al. 2021 §6.1, Gl. 16; Jiang et al., SSDBM 2013). Jeder der K-2 inneren Stützpunkte wird vom zuletzt veröffentlichten aus neu gezogen: Schrittlänge auf [0, MAX_STEP] und Richtung mit dem Exponentialmechanismus, mit den Bewertungen -|Länge - wahre Länge| (Sensitivität MAX_STEP) und -Winkel zur wahren Richtung (Sensitivität pi), über ein öffentliches Raster aus 72 Richtungen und 65 Längen, beschränkt auf die Schritte, von denen aus das Ende in den verbleibenden Schritten erreichbar bleibt. Jeder Schritt ist eine Ziehung (keine Wiederholungsschleife), daher endet jede Fahrt. Jeder Schritt kostet EPSILON/(K-2), halb auf die Länge, halb auf die Richtung; nach sequenzieller Komposition kostet die Fahrt EPSILON. KEEP_ENDPOINTS (Vorgabe, wie bei Dumont et al. 2021) veröffentlicht Start und Ende exakt: Sie sind gar nicht geschützt (oft sind Wohnung und Arbeitsplatz die Enden), und die Garantie gilt zwischen Wegen mit denselben Enden. Ohne diese Option erhalten Start und Ende planares Laplace-Rauschen mit EPSILON/K je DISTANCE Meter und jeder Schritt EPSILON/K: Fahrten, deren Starts und Enden jeweils höchstens DISTANCE auseinanderliegen, sind EPSILON-ununterscheidbar, gleich welchen Weg sie nehmen. Eine Fahrt, deren Start und Ende weiter als (K-1) x MAX_STEP auseinanderliegen, kann nicht neu gezogen werden: NOT_FITTING legt fest, was mit ihr geschieht. Wahre Schritte über MAX_STEP werden als MAX_STEP bewertet: Ein veröffentlichter Schritt ist nie länger (bis auf das Einrasten auf GRID).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Fahrten, die nicht passen&lt;/b&gt; (NOT_FITTING, nur SDD). &lt;i&gt;Ablehnen&lt;/i&gt; (Vorgabe): Der Lauf stoppt, bevor Rauschen gezogen wird, und das Protokoll nennt den MAX_STEP, mit dem sie passen würden (aus den Daten gelesen: privat, nicht veröffentlichen). &lt;i&gt;Kürzen&lt;/i&gt;: Eine solche Fahrt wird um den Mittelpunkt von Start und Ende gestaucht, bis diese (K-1) x MAX_STEP auseinanderliegen, in unveränderter Form, und dann wie die anderen verrauscht; diese feste Abbildung jeder Fahrt erhält die Garantie (mit KEEP_ENDPOINTS sind ihre veröffentlichten Enden die gekürzten). &lt;i&gt;Weglassen&lt;/i&gt;: Solche Fahrten werden nicht veröffentlicht. Ob eine Fahrt passt, hängt nur von Start und Ende ab; das ist daher nur privat, wenn diese exakt veröffentlicht werden (KEEP_ENDPOINTS); sonst würde die Zeilenzahl eine weggelassene Fahrt zeigen, und der Lauf wird abgelehnt. Bei Kürzen oder Weglassen wird die Zahl der gekürzten oder weggelassenen Fahrten mit diskretem Laplace-Rauschen zu NOT_FITTING_EPSILON (erweitert, Vorgabe 0,1) veröffentlicht; es kommt zum Epsilon im Datenschutzprotokoll und im Journal hinzu (sequenzielle Komposition).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Planares Laplace je Stützpunkt.&lt;/b&gt; Jeder der K Stützpunkte erhält planares Laplace-Rauschen mit EPSILON/K je DISTANCE Meter (Geo-Ununterscheidbarkeit je Stützpunkt; Skala b = K x DISTANCE / EPSILON Meter): Fahrten, deren neu abgetastete Stützpunkte paarweise höchstens DISTANCE auseinanderliegen, sind EPSILON-ununterscheidbar (sequenzielle Komposition). Das Rauschen wächst mit K.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Schutzeinheit.&lt;/b&gt; EPSILON gilt je Trajektorie. Eine Person mit m Fahrten ist mit m x EPSILON geschützt; die Metadaten sagen das. Mehrteilige Linien werden abgelehnt (zuerst „Mehrteilig zu einteilig“ ausführen: jeder Teil zählt dann als Fahrt); Linien mit nur einem Stützpunkt werden abgelehnt.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Ausgabe.&lt;/b&gt; Linien im KBS der Eingabe, Zeilen in zufälliger Reihenfolge, keine Attribute außer den gewählten FIELDS (ein aufgeführtes Feld, das Koordinaten der Fahrtanfänge in einem beliebigen KBS enthält oder dessen Werte Zeilen verknüpfen, etwa Fahrt- oder Personen-IDs, wird abgelehnt; KEEP_IDENTIFIERS lässt IDs nur in Studienläufen mit Seed durch); innere Stützpunkte auf GRID Meter gerundet.&lt;/p&gt;&lt;p&gt;&lt;b&gt;KBS des Rauschens.&lt;/b&gt; Schritte und Rauschen werden in einer Ebene in Bodenmetern gezogen, die nur aus öffentlichen Fakten gewählt wird, nie aus den Daten: METRIC_CRS, falls angegeben, sonst das KBS der Ebene; beide müssen in Metern projiziert und über ihren ganzen Anwendungsbereich maßstabstreu (innerhalb 1 %) sein (eine UTM-Zone, ein Landeskoordinatensystem). Für eine Ebene in Länge/Breite oder Web Mercator setzen Sie METRIC_CRS (z. B. die UTM-Zone Ihres Gebiets).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Budget.&lt;/b&gt; LEDGER (Ihre private Datei), BUDGET und PARTITION verbuchen diese Veröffentlichung und stoppen einen Lauf, der das Budget der Quelle überschreiten würde, bevor Rauschen gezogen wird; siehe dp_geoprivacy:privacyreport.&lt;/p&gt;&lt;p&gt;Quellen: Dumont et al. 2021 §2.3, §6.1 (Gl. 16), §6.2; Jiang, Shao, Bressan, Kister und Tan, SSDBM 2013; Andrés et al. 2013.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="208"/>
        <source>Trips too long for the maximum step</source>
        <translation>Fahrten zu lang für den größten Schritt</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="208"/>
        <source>Refuse the run</source>
        <translation>Lauf ablehnen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="208"/>
        <source>Shorten them to fit</source>
        <translation>Passend kürzen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="208"/>
        <source>Leave them out</source>
        <translation>Weglassen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="212"/>
        <source>Trips whose start and end are farther apart than (K-1) x MAX_STEP: refuse, shorten them, or leave them out; the last two publish their number with noise.</source>
        <translation>Fahrten, deren Start und Ende weiter als (K-1) x MAX_STEP auseinanderliegen: ablehnen, kürzen oder weglassen; die letzten beiden veröffentlichen ihre Zahl mit Rauschen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="216"/>
        <source>Epsilon for the count of trips not fitting</source>
        <translation>Epsilon für die Zahl nicht passender Fahrten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="219"/>
        <source>Spent only when trips are shortened or left out, added to EPSILON, e.g. 0.1.</source>
        <translation>Wird nur beim Kürzen oder Weglassen verbraucht, zusätzlich zu EPSILON, z. B. 0,1.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="264"/>
        <source>Trips shortened or left out (noisy count)</source>
        <translation>Gekürzte oder weggelassene Fahrten (verrauschte Zahl)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="279"/>
        <source>NOT_FITTING 'Leave them out' needs KEEP_ENDPOINTS: with perturbed ends the number of rows would show a trip that was left out. Choose 'Shorten them to fit' instead.</source>
        <translation>NOT_FITTING 'Weglassen' braucht KEEP_ENDPOINTS: Mit verrauschten Enden würde die Zeilenzahl eine weggelassene Fahrt zeigen. Wählen Sie stattdessen 'Passend kürzen'.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="355"/>
        <source>{verb}: about {n} trips (noisy count, discrete Laplace at epsilon {epsilon:g}, included in the epsilon above) had start and end farther apart than (K - 1) x MAX_STEP.</source>
        <translation>{verb}: etwa {n} Fahrten (verrauschte Zahl, diskretes Laplace mit Epsilon {epsilon:g}, im obigen Epsilon enthalten) hatten Start und Ende weiter als (K - 1) x MAX_STEP auseinander.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="425"/>
        <source>Shortened to fit</source>
        <translation>Passend gekürzt</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="425"/>
        <source>Left out</source>
        <translation>Weggelassen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="431"/>
        <source>{verb}: {n} trips; MAX_STEP {fits:g} m would fit every trip.</source>
        <translation>{verb}: {n} Fahrten; mit MAX_STEP {fits:g} m würde jede Fahrt passen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="434"/>
        <source>{verb}: about {n} trips (noisy count, epsilon {epsilon:g}).</source>
        <translation>{verb}: etwa {n} Fahrten (verrauschte Zahl, Epsilon {epsilon:g}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trajectory_perturbation.py" line="337"/>
        <source>{n} trips of INPUT have start and end farther apart than (RESAMPLE - 1) x MAX_STEP = {limit:g} m (the longest: {longest:g} m): SDD cannot reach their end. Raise MAX_STEP or RESAMPLE: MAX_STEP {fits:g} m would fit them. Or set NOT_FITTING to shorten them or leave them out, with a noisy count.</source>
        <translation>{n} Fahrten von INPUT haben Start und Ende weiter auseinander als (RESAMPLE - 1) x MAX_STEP = {limit:g} m (die längste: {longest:g} m): SDD kann ihr Ende nicht erreichen. MAX_STEP oder RESAMPLE erhöhen: Mit MAX_STEP {fits:g} m passen sie. Oder setzen Sie NOT_FITTING, um sie mit einer verrauschten Zahl zu kürzen oder wegzulassen.</translation>
    </message>
</context>
<context>
    <name>TripEnds</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="41"/>
        <source>Trip ends from tracks (preparation, not private)</source>
        <translation>Fahrtenden aus Spuren (Vorbereitung, nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="74"/>
        <source>Trips or tracks (lines)</source>
        <translation>Fahrten oder Spuren (Linien)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="76"/>
        <source>Fields to carry (default: all)</source>
        <translation>Zu übernehmende Felder (Vorgabe: alle)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="86"/>
        <source>Trips written</source>
        <translation>Geschriebene Fahrten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="87"/>
        <source>Trips skipped</source>
        <translation>Übersprungene Fahrten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="104"/>
        <source>Skipped {n} features: {details}.</source>
        <translation>{n} Objekte übersprungen: {details}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="104"/>
        <source>{n} with {reason}</source>
        <translation>{n} mit {reason}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="114"/>
        <source>The input's fields {names} are not carried: start_time and end_time come from the M values.</source>
        <translation>Die Felder {names} der Eingabe werden nicht übernommen: start_time und end_time stammen aus den M-Werten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="45"/>
        <source>Turns trips or GPS tracks (lines) into two point layers: their origins and their destinations, as input for the private releases.</source>
        <translation>Macht aus Fahrten oder GPS-Spuren (Linien) zwei Punktlayer: ihre Start- und ihre Zielpunkte, als Eingabe für die privaten Veröffentlichungen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="45"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; nothing: not differentially private, the outputs hold the true trip ends; keep them with the raw data.</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; nichts: nicht differenziell privat, die Ausgaben enthalten die wahren Fahrtenden; bei den Rohdaten aufbewahren.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="45"/>
        <source>&lt;b&gt;Accuracy:&lt;/b&gt; exact, no noise (the first and last vertex of each line).</source>
        <translation>&lt;b&gt;Genauigkeit:&lt;/b&gt; exakt, kein Rauschen (der erste und letzte Stützpunkt jeder Linie).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="54"/>
        <source>&lt;p&gt;Turns a line layer of trips or GPS tracks into two point layers: ORIGINS (the first vertex of each line) and DESTINATIONS (the last vertex), each carrying the chosen FIELDS (default: all, e.g. trip id, user id and time fields), so that noisy zone counts, OD flows and trip relocation can take tracks, also in a Processing model.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Not a release.&lt;/b&gt; No noise is added and nothing is spent from a budget: the outputs hold the true trip ends and must not be published. Feed them to a privatising algorithm.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Lineage.&lt;/b&gt; Both outputs record in their metadata the fingerprint of the input (private, like the outputs): a release made from them with a LEDGER is charged to the trips' budget.&lt;/p&gt;&lt;p&gt;Multi-part lines: the first vertex of the first part and the last vertex of the last part. Features without geometry, with an empty geometry or with one vertex are skipped and counted in the log. Rows keep the input's order, so ORIGINS and DESTINATIONS match row by row.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Times.&lt;/b&gt; When the lines carry M values (timestamps, e.g. epoch seconds of a GPS track), both outputs get start_time (the M value of the first vertex) and end_time (of the last vertex), exact and in the M values' unit; input fields of the same names are then not carried. Lines without M values give no time fields.&lt;/p&gt;&lt;p&gt;Source: Dumont et al. 2021 §2.3.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Macht aus einem Linienlayer von Fahrten oder GPS-Spuren zwei Punktlayer: ORIGINS (der erste Stützpunkt jeder Linie) und DESTINATIONS (der letzte Stützpunkt), jeweils mit den gewählten FIELDS (Vorgabe: alle, z. B. Fahrt-ID, Nutzer-ID und Zeitfelder), sodass verrauschte Zonenzählungen, Quelle-Ziel-Ströme und die Fahrtverlegung Spuren verarbeiten können, auch in einem Processing-Modell.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Keine Veröffentlichung.&lt;/b&gt; Es wird kein Rauschen hinzugefügt und kein Budget verbraucht: Die Ausgaben enthalten die wahren Fahrtenden und dürfen nicht veröffentlicht werden. Geben Sie sie an einen privatisierenden Algorithmus weiter.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Herkunft.&lt;/b&gt; Beide Ausgaben vermerken in ihren Metadaten den Fingerabdruck der Eingabe (privat wie die Ausgaben selbst): Eine Veröffentlichung daraus mit einem LEDGER wird dem Budget der Fahrten angerechnet.&lt;/p&gt;&lt;p&gt;Mehrteilige Linien: der erste Stützpunkt des ersten Teils und der letzte Stützpunkt des letzten Teils. Objekte ohne Geometrie, mit leerer Geometrie oder mit nur einem Stützpunkt werden übersprungen und im Protokoll gezählt. Die Zeilen behalten die Reihenfolge der Eingabe, sodass ORIGINS und DESTINATIONS Zeile für Zeile zusammenpassen.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zeiten.&lt;/b&gt; Tragen die Linien M-Werte (Zeitstempel, z. B. Epochensekunden einer GPS-Spur), erhalten beide Ausgaben start_time (der M-Wert des ersten Stützpunkts) und end_time (des letzten Stützpunkts), exakt und in der Einheit der M-Werte; gleichnamige Felder der Eingabe werden dann nicht übernommen. Linien ohne M-Werte ergeben keine Zeitfelder.&lt;/p&gt;&lt;p&gt;Quelle: Dumont et al. 2021 §2.3.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="94"/>
        <source>Trip ends (prepared data, not private: do not publish)</source>
        <translation>Fahrtenden (vorbereitete Daten, nicht privat: nicht veröffentlichen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="79"/>
        <source>Trip origins (not private)</source>
        <translation>Wegstarts (nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="79"/>
        <source>Trip destinations (not private)</source>
        <translation>Wegziele (nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_ends.py" line="82"/>
        <source>The true locations, exactly as in the input: not private, do not publish. Give them to a privatizing algorithm (e.g. noisy zone counts).</source>
        <translation>Die wahren Orte, genau wie in der Eingabe: nicht privat, nicht veröffentlichen. Geben Sie sie an einen schützenden Algorithmus weiter (z. B. verrauschte Zonenanzahlen).</translation>
    </message>
</context>
<context>
    <name>TripRelocationAlgorithm</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="77"/>
        <source>Randomized trip relocation (origin and destination zones)</source>
        <translation>Zufällige Fahrtenverlagerung (Quell- und Zielzonen)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="145"/>
        <source>Trips</source>
        <translation>Fahrten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="146"/>
        <source>Origin zone field</source>
        <translation>Feld der Quellzone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="148"/>
        <source>Destination zone field</source>
        <translation>Feld der Zielzone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="156"/>
        <source>Histogram zone id field</source>
        <translation>Zonen-ID-Feld des Histogramms</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="159"/>
        <source>Histogram count field</source>
        <translation>Zählwertfeld des Histogramms</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="166"/>
        <source>OD origin id field</source>
        <translation>Quell-ID-Feld der OD-Tabelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="166"/>
        <source>OD destination id field</source>
        <translation>Ziel-ID-Feld der OD-Tabelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="166"/>
        <source>OD count field</source>
        <translation>Zählwertfeld der OD-Tabelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="174"/>
        <source>Zone id field</source>
        <translation>Zonen-ID-Feld</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="185"/>
        <source>In (0, 1]; every zone gets probability at least FLOOR / number of zones.</source>
        <translation>In (0, 1]; jede Zone erhält mindestens die Wahrscheinlichkeit FLOOR / Anzahl der Zonen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="308"/>
        <source>Relocated trips</source>
        <translation>Verlagerte Fahrten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="199"/>
        <source>Epsilon per trip (origin + destination)</source>
        <translation>Epsilon je Fahrt (Quelle + Ziel)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="199"/>
        <source>Epsilon of the origin</source>
        <translation>Epsilon der Quelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="199"/>
        <source>Epsilon of the destination</source>
        <translation>Epsilon des Ziels</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="199"/>
        <source>Epsilon with the histograms' epsilon</source>
        <translation>Epsilon einschließlich des Epsilons der Histogramme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="199"/>
        <source>Trips written</source>
        <translation>Geschriebene Fahrten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="215"/>
        <source>FLOOR must be in (0, 1] (got {value}): without a floor a zone with a zero count could never be reported and epsilon would be infinite.</source>
        <translation>FLOOR muss in (0, 1] liegen (erhalten: {value}): Ohne Untergrenze könnte eine Zone mit dem Zählwert null nie gemeldet werden, und Epsilon wäre unendlich.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="220"/>
        <source>Give ORIGIN_HISTOGRAM (and optionally DEST_HISTOGRAM) or OD_HISTOGRAM, not both and not neither.</source>
        <translation>Geben Sie ORIGIN_HISTOGRAM (und optional DEST_HISTOGRAM) oder OD_HISTOGRAM an – genau eines von beiden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="223"/>
        <source>DEST_HISTOGRAM cannot be combined with OD_HISTOGRAM.</source>
        <translation>DEST_HISTOGRAM kann nicht mit OD_HISTOGRAM kombiniert werden.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="227"/>
        <source>ORIGIN_FIELD and DEST_FIELD must be different fields.</source>
        <translation>ORIGIN_FIELD und DEST_FIELD müssen verschiedene Felder sein.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="239"/>
        <source>The histograms name no zone.</source>
        <translation>Die Histogramme nennen keine Zone.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="242"/>
        <source>{n} zones of the histograms are not in ZONES and are ignored (e.g. {examples}).</source>
        <translation>{n} Zonen der Histogramme sind nicht in ZONES enthalten und werden ignoriert (z. B. {examples}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="260"/>
        <source>Epsilon per trip {eps:.6g} (origin {eo:.6g}, destination {ed:.6g}); smallest replacement probabilities {qo:.3g} and {qd:.3g}.</source>
        <translation>Epsilon je Fahrt {eps:.6g} (Quelle {eo:.6g}, Ziel {ed:.6g}); kleinste Ersetzungswahrscheinlichkeiten {qo:.3g} und {qd:.3g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="289"/>
        <source>joint OD histogram</source>
        <translation>gemeinsames OD-Histogramm</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="289"/>
        <source>origin/destination histograms</source>
        <translation>Quell-/Ziel-Histogramme</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="294"/>
        <source>Total with the histogram release(s) {ids}: epsilon {eps:.6g}, delta {delta:g} (their records follow this one in the metadata).</source>
        <translation>Summe mit der/den Histogramm-Veröffentlichung(en) {ids}: Epsilon {eps:.6g}, Delta {delta:g} (deren Privatsphäre-Angaben folgen in den Metadaten auf diese).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="367"/>
        <source>The count field '{field}' of {name} must be numeric.</source>
        <translation>Das Zählwertfeld „{field}“ von {name} muss numerisch sein.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="386"/>
        <source>{name} is marked NOT differentially private: its counts would leak into the relocated trips. Use a noisy release (dp_geoprivacy:noisyzonecounts) or a public table.</source>
        <translation>{name} ist als NICHT differenziell privat gekennzeichnet: Seine Zählwerte würden in die verlagerten Fahrten durchsickern. Verwenden Sie eine verrauschte Veröffentlichung (dp_geoprivacy:noisyzonecounts) oder eine öffentliche Tabelle.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="83"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; each trip's origin and destination zone, for the traveller (one trip).</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; Start- und Zielzone jeder Fahrt, für die Reisenden (eine Fahrt).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="83"/>
        <source>Publishes trips with their origin and destination zones randomized: each end keeps its true zone with a probability that follows from EPSILON, else gets one drawn from a (noisy) histogram.</source>
        <translation>Veröffentlicht Fahrten mit randomisierten Quell- und Zielzonen: Jedes Ende behält seine wahre Zone mit einer Wahrscheinlichkeit, die aus EPSILON folgt, und erhält sonst eine aus einem (verrauschten) Histogramm gezogene.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="83"/>
        <source>&lt;b&gt;Accuracy at the defaults&lt;/b&gt; (EPSILON={epsilon:g} per trip, FLOOR={floor:g}, {zones} zones, one of them without trips): an end keeps its true zone with probability at least {p:.2%}; the reported zones match the histogram's shares in expectation.</source>
        <translation>&lt;b&gt;Genauigkeit bei den Voreinstellungen&lt;/b&gt; (EPSILON={epsilon:g} je Fahrt, FLOOR={floor:g}, {zones} Zonen, eine davon ohne Fahrten): Ein Ende behält seine wahre Zone mit einer Wahrscheinlichkeit von mindestens {p:.2%}; die gemeldeten Zonen entsprechen im Erwartungswert den Anteilen des Histogramms.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="176"/>
        <source>Epsilon per trip</source>
        <translation>Epsilon je Fahrt</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="179"/>
        <source>A finite number &gt;= 0, for origin and destination together; smaller gives more privacy and fewer trips with their true zones.</source>
        <translation>Eine endliche Zahl &gt;= 0, für Quelle und Ziel zusammen; kleinere Werte geben mehr Privatsphäre und weniger Fahrten mit ihren wahren Zonen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="199"/>
        <source>Probability of keeping the true zone</source>
        <translation>Wahrscheinlichkeit, die wahre Zone beizubehalten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="210"/>
        <source>EPSILON must be a finite number &gt;= 0 (got {value}), e.g. {default:g}.</source>
        <translation>EPSILON muss eine endliche Zahl &gt;= 0 sein (erhalten: {value}), z. B. {default:g}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="248"/>
        <source>EPSILON is too large: the derived probability of keeping the true zone rounds to 1.</source>
        <translation>EPSILON ist zu groß: Die abgeleitete Wahrscheinlichkeit, die wahre Zone beizubehalten, wird auf 1 gerundet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="287"/>
        <source>Epsilon per trip {eps:.6g} = origin {eo:.6g} + destination {ed:.6g} (p = {p:.6g}, floor {f:g}, {n} zones, {kind}).</source>
        <translation>Epsilon je Fahrt {eps:.6g} = Quelle {eo:.6g} + Ziel {ed:.6g} (p = {p:.6g}, Floor {f:g}, {n} Zonen, {kind}).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="299"/>
        <source>The histograms carry no privacy record and were declared public tables (HISTOGRAMS_PUBLIC): not computed from these people's data.</source>
        <translation>Die Histogramme tragen keine Privatsphäre-Angaben und wurden als öffentliche Tabellen erklärt (HISTOGRAMS_PUBLIC): nicht aus den Daten dieser Personen berechnet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="379"/>
        <source>{name} carries no dp_geoprivacy privacy record, so its counts may be raw counts of these trips, which the output would reveal. Use a noisy release of this plugin (dp_geoprivacy:noisyzonecounts or noisyodflows), or, if it is a public table not computed from these people's data, set HISTOGRAMS_PUBLIC.</source>
        <translation>{name} trägt keine dp_geoprivacy-Privatsphäre-Angaben, daher können seine Zählwerte Rohzählungen dieser Fahrten sein, die die Ausgabe verraten würde. Verwenden Sie eine verrauschte Veröffentlichung dieses Plugins (dp_geoprivacy:noisyzonecounts oder noisyodflows) oder setzen Sie HISTOGRAMS_PUBLIC, wenn es eine öffentliche Tabelle ist, die nicht aus den Daten dieser Personen berechnet wurde.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="95"/>
        <source>&lt;p&gt;Publishes trips with their origin and destination zones randomized: each trip keeps its true origin zone with probability p and otherwise gets a zone drawn from a histogram of origins; the destination likewise (Dumont et al. 2021, "Differential Privacy in Travel Data", §6.3). The reported histograms match the histograms used in expectation: E[reported count of zone i] = p n_i + (1 - p) N q_i.&lt;/p&gt;&lt;p&gt;&lt;b&gt;EPSILON&lt;/b&gt; is the privacy loss per trip (origin and destination together). p is derived from it and from public facts only (the histograms and FLOOR): per end, epsilon = ln((p + (1-p) q_min) / ((1-p) q_min)) with q_min the smallest replacement probability (eq. 11 of the report), and p is the value at which the origin's and the destination's epsilon add up to EPSILON (P_TRUTH_USED in the results). With many zones and a modest EPSILON few trips keep their true zones: the output then mostly follows the histogram (for OD totals, dp_geoprivacy:noisyodflows is more accurate).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Histograms.&lt;/b&gt; They must not leak. Take them from a noisy release of this plugin (dp_geoprivacy:noisyzonecounts: fields zone_id and noisy_count; rows of one zone, e.g. time slots, are added up): its privacy record is read, its epsilon is added for the total (EPSILON_TOTAL), its record is carried into the output's metadata, and with LEDGER it is charged to the trips' budget once. A histogram without a record is refused unless HISTOGRAMS_PUBLIC (advanced) declares that the histograms are public tables, not computed from these people's data (e.g. a census table): that declaration is written into the record. A histogram marked not differentially private is refused. ORIGIN_HISTOGRAM is used for origins and, unless DEST_HISTOGRAM is given (with the same field names), for destinations. With OD_HISTOGRAM (dp_geoprivacy:noisyodflows OUTPUT_MATRIX: origin_id, dest_id, noisy_count) origins are drawn from its row sums and destinations from the row of the reported origin, which keeps the joint origin-destination histogram approximately (§6.3.2, eq. 24). Negative noisy counts are set to 0. FLOOR mixes that share of uniform mass into every histogram, q = (1 - FLOOR) h / sum(h) + FLOOR / N, so every one of the N zones has a positive probability.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Privacy.&lt;/b&gt; The unit of privacy is one trip's origin and destination; the trip's epsilon is the origin's plus the destination's (sequential composition, Asghar, Tyler and Kaafar 2017, "Differentially Private Release of Public Transport Data: The Opal Use Case", Theorem 2). Other fields pass through, except record keys (fields with a distinct value in every row, such as a trip id), which are dropped and named in the log (KEEP_IDENTIFIERS, advanced, keeps them for internal study runs). Remove fields that reveal the true endpoints (coordinates, distance) first.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zones.&lt;/b&gt; ZONES (optional, polygons with ZONE_ID_FIELD) is the public list of zones; the output then has a line from the origin zone's representative point to the destination's. Without ZONES the zones are those of the histograms and the output is a table. The input's own geometry is never copied (it would show the true endpoints). An origin or destination that is NULL or not a known zone is reported as a draw from the histogram (as if its true zone had been drawn from it), so every trip is published and the number of rows does not depend on the zones. Trips are relocated independently (the report's Note 3, updating the histogram after each draw, is not applied), and row order is shuffled.&lt;/p&gt;&lt;p&gt;LEDGER, BUDGET and PARTITION: see dp_geoprivacy:privacyreport.&lt;/p&gt;&lt;p&gt;Sources: Dumont et al. 2021, §6.3 (eq. 17-24), §4.1 (eq. 11-12), §4.2 (eq. 13); Asghar, Tyler and Kaafar 2017, Theorem 2 (the two endpoints and the histogram add up).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Veröffentlicht Fahrten mit randomisierten Quell- und Zielzonen: Jede Fahrt behält ihre wahre Quellzone mit der Wahrscheinlichkeit p und erhält andernfalls eine Zone, die aus einem Histogramm der Quellen gezogen wird; für das Ziel gilt dasselbe (Dumont et al. 2021, "Differential Privacy in Travel Data", §6.3). Die gemeldeten Histogramme entsprechen im Erwartungswert den verwendeten Histogrammen: E[gemeldete Anzahl in Zone i] = p n_i + (1 - p) N q_i.&lt;/p&gt;&lt;p&gt;&lt;b&gt;EPSILON&lt;/b&gt; ist der Privatsphäreverlust je Fahrt (Quelle und Ziel zusammen). p wird daraus und nur aus öffentlichen Angaben abgeleitet (den Histogrammen und FLOOR): Je Ende gilt epsilon = ln((p + (1-p) q_min) / ((1-p) q_min)), wobei q_min die kleinste Ersetzungswahrscheinlichkeit ist (Gl. 11 des Berichts), und p ist der Wert, bei dem sich das Epsilon der Quelle und das des Ziels zu EPSILON addieren (P_TRUTH_USED in den Ergebnissen). Bei vielen Zonen und einem mäßigen EPSILON behalten wenige Fahrten ihre wahren Zonen: Die Ausgabe folgt dann überwiegend dem Histogramm (für OD-Summen ist dp_geoprivacy:noisyodflows genauer).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Histogramme.&lt;/b&gt; Sie dürfen nichts preisgeben. Entnehmen Sie sie einer verrauschten Veröffentlichung dieses Plugins (dp_geoprivacy:noisyzonecounts: Felder zone_id und noisy_count; Zeilen derselben Zone, z. B. Zeitfenster, werden summiert): Ihre Privatsphäre-Angaben werden gelesen, ihr Epsilon wird für die Summe (EPSILON_TOTAL) hinzugerechnet, ihre Angaben werden in die Metadaten der Ausgabe übernommen, und mit LEDGER wird sie einmal dem Budget der Fahrten angerechnet. Ein Histogramm ohne Privatsphäre-Angaben wird abgelehnt, es sei denn, HISTOGRAMS_PUBLIC (erweitert) erklärt die Histogramme zu öffentlichen Tabellen, die nicht aus den Daten dieser Personen berechnet wurden (z. B. eine Zensustabelle): Diese Erklärung wird in die Privatsphäre-Angaben geschrieben. Ein als nicht differenziell privat gekennzeichnetes Histogramm wird abgelehnt. ORIGIN_HISTOGRAM wird für die Quellen verwendet und, sofern DEST_HISTOGRAM nicht angegeben ist (mit denselben Feldnamen), auch für die Ziele. Mit OD_HISTOGRAM (dp_geoprivacy:noisyodflows OUTPUT_MATRIX: origin_id, dest_id, noisy_count) werden die Quellen aus seinen Zeilensummen und die Ziele aus der Zeile der gemeldeten Quelle gezogen, wodurch das gemeinsame Quelle-Ziel-Histogramm näherungsweise erhalten bleibt (§6.3.2, Gl. 24). Negative verrauschte Zählwerte werden auf 0 gesetzt. FLOOR mischt diesen Anteil gleichverteilter Masse in jedes Histogramm, q = (1 - FLOOR) h / sum(h) + FLOOR / N, sodass jede der N Zonen eine positive Wahrscheinlichkeit hat.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Privatsphäre.&lt;/b&gt; Die Schutzeinheit sind Quelle und Ziel einer Fahrt; das Epsilon der Fahrt ist das der Quelle plus das des Ziels (sequentielle Komposition, Asghar, Tyler und Kaafar 2017, "Differentially Private Release of Public Transport Data: The Opal Use Case", Theorem 2). Andere Felder werden übernommen, außer Datensatzschlüsseln (Feldern mit einem anderen Wert in jeder Zeile, etwa einer Fahrt-ID), die entfernt und im Protokoll genannt werden (KEEP_IDENTIFIERS, erweitert, behält sie für interne Studienläufe). Entfernen Sie vorher Felder, die die wahren Endpunkte verraten (Koordinaten, Entfernung).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zonen.&lt;/b&gt; ZONES (optional, Polygone mit ZONE_ID_FIELD) ist die öffentliche Liste der Zonen; die Ausgabe enthält dann eine Linie vom repräsentativen Punkt der Quellzone zu dem der Zielzone. Ohne ZONES sind die Zonen die der Histogramme, und die Ausgabe ist eine Tabelle. Die eigene Geometrie der Eingabe wird nie übernommen (sie würde die wahren Endpunkte zeigen). Eine Quelle oder ein Ziel, das NULL oder keine bekannte Zone ist, wird als Ziehung aus dem Histogramm gemeldet (als wäre die wahre Zone daraus gezogen worden), sodass jede Fahrt veröffentlicht wird und die Zahl der Zeilen nicht von den Zonen abhängt. Die Fahrten werden unabhängig voneinander verlagert (Note 3 des Berichts, die Aktualisierung des Histogramms nach jeder Ziehung, wird nicht angewandt), und die Reihenfolge der Zeilen wird zufällig gemischt.&lt;/p&gt;&lt;p&gt;LEDGER, BUDGET und PARTITION: siehe dp_geoprivacy:privacyreport.&lt;/p&gt;&lt;p&gt;Quellen: Dumont et al. 2021, §6.3 (Gl. 17-24), §4.1 (Gl. 11-12), §4.2 (Gl. 13); Asghar, Tyler und Kaafar 2017, Theorem 2 (die beiden Endpunkte und das Histogramm addieren sich).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="301"/>
        <source>Origins and destinations that are NULL or not a known zone are reported as draws from the histogram.</source>
        <translation>Quellen und Ziele, die NULL oder keine bekannte Zone sind, werden als Ziehungen aus dem Histogramm gemeldet.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="150"/>
        <source>Origin histogram</source>
        <translation>Histogramm der Startzonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="153"/>
        <source>Destination histogram</source>
        <translation>Histogramm der Zielzonen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="163"/>
        <source>OD histogram</source>
        <translation>Quelle-Ziel-Histogramm</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="171"/>
        <source>Zones (public)</source>
        <translation>Zonen (öffentlich)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="182"/>
        <source>Floor (uniform share)</source>
        <translation>Sockel (gleichverteilter Anteil)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="187"/>
        <source>Unrecorded histograms are public</source>
        <translation>Histogramme ohne Protokoll sind öffentlich</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="189"/>
        <source>Histograms without a privacy record are public tables (declared by you): they cost no epsilon.</source>
        <translation>Histogramme ohne Privatsphäre-Protokoll sind öffentliche Tabellen (von Ihnen erklärt): Sie kosten kein Epsilon.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="251"/>
        <source>FLOOR {floor:g} is so small that the smallest replacement probability underflows and epsilon is infinite: no privacy. Use a FLOOR of at least 1e-6 (0.05 is a common choice).</source>
        <translation>FLOOR {floor:g} ist so klein, dass die kleinste Ersetzungswahrscheinlichkeit unterläuft und Epsilon unendlich ist: kein Datenschutz. Verwenden Sie ein FLOOR von mindestens 1e-6 (0,05 ist üblich).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/trip_relocation.py" line="271"/>
        <source>{n} of the trips' origins and destinations are NULL or not a known zone and were reported as draws from the histogram. If that is most of them, check ORIGIN_FIELD, DEST_FIELD and the zone ids.</source>
        <translation>{n} der Start- und Zielzonen der Fahrten sind NULL oder keine bekannte Zone und wurden als Ziehung aus dem Histogramm gemeldet. Wenn das die meisten sind, prüfen Sie ORIGIN_FIELD, DEST_FIELD und die Zonenkennungen.</translation>
    </message>
</context>
<context>
    <name>UtilityReport</name>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="241"/>
        <source>Utility report (not differentially private: contains statistics of the raw data)</source>
        <translation>Nutzwertbericht (nicht differentiell privat: enthält Statistiken der Rohdaten)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="106"/>
        <source>Released layer (with its privacy record)</source>
        <translation>Veröffentlichter Layer (mit seinem Datenschutzprotokoll)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="108"/>
        <source>Original layer (raw points or trips)</source>
        <translation>Ursprünglicher Layer (rohe Punkte oder Fahrten)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="111"/>
        <source>Grid for the earth mover's distance (metres)</source>
        <translation>Raster für die Earth-Mover-Distanz (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="120"/>
        <source>Largest cells compared (top n)</source>
        <translation>Verglichene größte Zellen (Top n)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="123"/>
        <source>Utility metrics (not private)</source>
        <translation>Nutzwertkennzahlen (nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="127"/>
        <source>Utility report (HTML, not private)</source>
        <translation>Nutzwertbericht (HTML, nicht privat)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="127"/>
        <source>HTML files (*.html)</source>
        <translation>HTML-Dateien (*.html)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="130"/>
        <source>Algorithm of the released layer</source>
        <translation>Algorithmus des veröffentlichten Layers</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="131"/>
        <source>Mean absolute error per cell</source>
        <translation>Mittlerer absoluter Fehler je Zelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="131"/>
        <source>RMSE per cell</source>
        <translation>RMSE je Zelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="131"/>
        <source>Planner's expected absolute error</source>
        <translation>Erwarteter absoluter Fehler laut Planer</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="131"/>
        <source>Mean absolute error over published cells with data</source>
        <translation>Mittlerer absoluter Fehler über veröffentlichte Zellen mit Daten</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="131"/>
        <source>Spurious cells</source>
        <translation>Unechte Zellen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="131"/>
        <source>Missing cells</source>
        <translation>Fehlende Zellen</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="131"/>
        <source>Earth mover's distance (metres)</source>
        <translation>Earth-Mover-Distanz (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="131"/>
        <source>Mean displacement (metres)</source>
        <translation>Mittlere Verschiebung (Meter)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="150"/>
        <source>RELEASED has no dp_geoprivacy privacy record: give a layer written by a dp_geoprivacy release (its record says what was released).</source>
        <translation>RELEASED hat kein dp_geoprivacy-Datenschutzprotokoll: einen von einer dp_geoprivacy-Veröffentlichung geschriebenen Layer angeben (sein Protokoll sagt, was veröffentlicht wurde).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="155"/>
        <source>RELEASED was made by {algorithm}; the utility report compares {supported}.</source>
        <translation>RELEASED wurde von {algorithm} erzeugt; der Nutzwertbericht vergleicht {supported}.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="174"/>
        <source>RELEASED lacks the fields {fields} and noisy_count of its release.</source>
        <translation>RELEASED fehlen die Felder {fields} und noisy_count seiner Veröffentlichung.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="189"/>
        <source>This report is NOT differentially private: it contains statistics of the raw data. Keep it private.</source>
        <translation>Dieser Bericht ist NICHT differentiell privat: Er enthält Statistiken der Rohdaten. Halten Sie ihn vertraulich.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="234"/>
        <source>{name}: {value}{predicted}</source>
        <translation>{name}: {value}{predicted}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="234"/>
        <source> (planner: {p})</source>
        <translation> (Planer: {p})</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="237"/>
        <source>{released} against its original</source>
        <translation>{released} gegenüber seinem Original</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="295"/>
        <source>MAE and RMSE are over the {n:,} pairs with a trip or a published flow; the other {m:,} pairs are 0 in both.</source>
        <translation>MAE und RMSE beziehen sich auf die {n:,} Paare mit einer Fahrt oder einem veröffentlichten Strom; die übrigen {m:,} Paare sind in beiden 0.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="380"/>
        <source>MATCH_FIELD {field} is not in RELEASED: run the release with KEEP_IDENTIFIERS (internal study runs only) to keep the key.</source>
        <translation>MATCH_FIELD {field} ist nicht in RELEASED: die Veröffentlichung mit KEEP_IDENTIFIERS ausführen (nur für interne Studienläufe), um den Schlüssel zu behalten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="387"/>
        <source>MATCH_FIELD pairs no point of ORIGINAL with RELEASED.</source>
        <translation>MATCH_FIELD ordnet keinem Punkt von ORIGINAL einen Punkt von RELEASED zu.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="407"/>
        <source>Published against true count per cell</source>
        <translation>Veröffentlichte gegenüber wahrer Anzahl je Zelle</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="407"/>
        <source>true count</source>
        <translation>wahre Anzahl</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="407"/>
        <source>published count</source>
        <translation>veröffentlichte Anzahl</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="69"/>
        <source>Compares a released layer with the original it came from: errors per zone, per flow or per point, as a table and an HTML report.</source>
        <translation>Vergleicht einen veröffentlichten Layer mit dem Original, aus dem er stammt: Fehler je Zone, je Strom oder je Punkt, als Tabelle und HTML-Bericht.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="69"/>
        <source>&lt;b&gt;Private:&lt;/b&gt; nothing: not differentially private, it contains statistics of the raw data; keep the report with the data holder.</source>
        <translation>&lt;b&gt;Geschützt:&lt;/b&gt; nichts: nicht differenziell privat, enthält Statistiken der Rohdaten; den Bericht beim Datenhalter behalten.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="69"/>
        <source>&lt;b&gt;Accuracy:&lt;/b&gt; exact, no noise: it measures the error a release really has (dp_geoprivacy:accuracyplanner predicts it beforehand).</source>
        <translation>&lt;b&gt;Genauigkeit:&lt;/b&gt; exakt, kein Rauschen: misst den Fehler, den eine Veröffentlichung wirklich hat (dp_geoprivacy:accuracyplanner sagt ihn vorher voraus).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="79"/>
        <source>&lt;p&gt;&lt;b&gt;Not differentially private: contains statistics of the raw data.&lt;/b&gt; For the data holder: how close is a released layer to the data it came from? Keep the report private.&lt;/p&gt;&lt;p&gt;RELEASED is the output of a release (its privacy record says which: noisy zone counts, noisy OD flows or Laplace perturbation); ORIGINAL the raw layer it was made from. No identifiers are needed.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zone counts&lt;/b&gt; (give the same ZONES/ZONE_ID_FIELD or H3_RESOLUTION as the release): MAE, RMSE, relative error, the share of zones with no point published above 0, noisy against true total; time slots are summed per zone. &lt;b&gt;OD flows&lt;/b&gt; (ORIGINAL: the trips; same zones): the same, plus SMAPE, correlation, overlap of the TOP_N largest flows, spurious flows (published, no trip) and missing flows (trips, not published). A cell not published counts as 0. &lt;b&gt;Locations&lt;/b&gt;: the earth mover's distance between the two point sets over a public grid of GRID metres (coarsened until each set covers at most 300 cells), count errors per zone when ZONES are given, and, with MATCH_FIELD (a private key present in both layers, e.g. kept with KEEP_IDENTIFIERS), the displacement distribution and the share of points that left their zone. &lt;b&gt;Zone statistics&lt;/b&gt; (sum, mean, quantiles per zone; VALUE_FIELD: the original's field the release summarised; same zones): per zone the published value against the raw one (numpy's quantile for quantiles), MAE, RMSE and bias over the zones published with data.&lt;/p&gt;&lt;p&gt;Each figure comes with the accuracy planner's prediction for the release's record (expected absolute error, RMSE, margin; expected displacement). OUTPUT: a table (metric, value, predicted); OUTPUT_HTML: the same with a chart.&lt;/p&gt;&lt;p&gt;Sources: Kapp et al. 2023 §5.2-5.4 (count and OD error measures), Dumont et al. 2021 §5 (escape share), the ITMS report §III (zone statistics).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Nicht differentiell privat: enthält Statistiken der Rohdaten.&lt;/b&gt; Für den Dateninhaber: Wie nah ist ein veröffentlichter Layer an den Daten, aus denen er stammt? Halten Sie den Bericht vertraulich.&lt;/p&gt;&lt;p&gt;RELEASED ist die Ausgabe einer Veröffentlichung (ihr Datenschutzprotokoll sagt, welcher: verrauschte Zonenzählungen, verrauschte Quelle-Ziel-Ströme oder Laplace-Verrauschung); ORIGINAL der Roh-Layer, aus dem sie erzeugt wurde. Kennungen sind nicht nötig.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Zonenzählungen&lt;/b&gt; (dieselben ZONES/ZONE_ID_FIELD oder H3_RESOLUTION wie die Veröffentlichung angeben): MAE, RMSE, relativer Fehler, der Anteil der Zonen ohne Punkt, die über 0 veröffentlicht wurden, verrauschte gegenüber wahrer Summe; Zeitfenster werden je Zone summiert. &lt;b&gt;Quelle-Ziel-Ströme&lt;/b&gt; (ORIGINAL: die Fahrten; dieselben Zonen): dasselbe sowie SMAPE, Korrelation, Überlappung der TOP_N größten Ströme, unechte Ströme (veröffentlicht, keine Fahrt) und fehlende Ströme (Fahrten, nicht veröffentlicht). Eine nicht veröffentlichte Zelle zählt als 0. &lt;b&gt;Orte&lt;/b&gt;: die Earth-Mover-Distanz zwischen beiden Punktmengen über einem öffentlichen Raster von GRID Metern (vergröbert, bis jede Menge höchstens 300 Zellen belegt), Zählfehler je Zone, wenn ZONES angegeben sind, und mit MATCH_FIELD (ein privater Schlüssel in beiden Layern, z. B. mit KEEP_IDENTIFIERS behalten) die Verteilung der Verschiebung und der Anteil der Punkte, die ihre Zone verlassen haben. &lt;b&gt;Zonenstatistiken&lt;/b&gt; (Summe, Mittelwert, Quantile je Zone; VALUE_FIELD: das Feld des Originals, das die Veröffentlichung zusammengefasst hat; dieselben Zonen): je Zone der veröffentlichte gegenüber dem Rohwert (numpys quantile für Quantile), MAE, RMSE und Verzerrung über die mit Daten veröffentlichten Zonen.&lt;/p&gt;&lt;p&gt;Zu jeder Zahl steht die Vorhersage des Genauigkeitsplaners für das Protokoll der Veröffentlichung (erwarteter absoluter Fehler, RMSE, Marge; erwartete Verschiebung). OUTPUT: eine Tabelle (metric, value, predicted); OUTPUT_HTML: dasselbe mit Diagramm.&lt;/p&gt;&lt;p&gt;Quellen: Kapp et al. 2023 §5.2-5.4 (Fehlermaße für Zählungen und Quelle-Ziel-Ströme), Dumont et al. 2021 §5 (Entweichanteil), Der ITMS-Bericht ("Data Anonymization via Differential Privacy", v1.0) §III (Zonenstatistiken).&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="117"/>
        <source>Value field of the original (zone statistics)</source>
        <translation>Wertfeld des Originals (Zonenstatistiken)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="131"/>
        <source>Planner's RMSE (zone statistics)</source>
        <translation>RMSE des Planers (Zonenstatistiken)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="131"/>
        <source>Zones compared (zone statistics)</source>
        <translation>Verglichene Zonen (Zonenstatistiken)</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="304"/>
        <source>RELEASED is a zone statistics release the report cannot compare: it compares the sum, the mean and quantiles per zone without time slots (TIME_FIELD empty).</source>
        <translation>RELEASED ist eine Zonenstatistik, die der Bericht nicht vergleichen kann: Er vergleicht Summe, Mittelwert und Quantile je Zone ohne Zeitfenster (TIME_FIELD leer).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="309"/>
        <source>VALUE_FIELD: give the numeric field of ORIGINAL the release summarised (its VALUE_FIELD).</source>
        <translation>VALUE_FIELD: Geben Sie das numerische Feld von ORIGINAL an, das die Veröffentlichung zusammengefasst hat (ihr VALUE_FIELD).</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="315"/>
        <source>RELEASED: its privacy record does not state the release's settings ({error}); give a layer written by dp_geoprivacy:noisyzonestatistics.</source>
        <translation>RELEASED: Sein Datenschutzprotokoll nennt die Einstellungen der Veröffentlichung nicht ({error}); geben Sie einen von dp_geoprivacy:noisyzonestatistics geschriebenen Layer an.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="341"/>
        <source>Planner figures for {statistic} at epsilon {e:g} per zone, for a zone of {n:,} records (the median of the published zones){mean}; contributions bounded per user (M) are not sampled here.</source>
        <translation>Zahlen des Planers für {statistic} bei Epsilon {e:g} je Zone, für eine Zone mit {n:,} Datensätzen (der Median der veröffentlichten Zonen){mean}; die Begrenzung der Beiträge je Nutzer (M) wird hier nicht nachgezogen.</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="341"/>
        <source>, mean {m:.4g}</source>
        <translation>, Mittelwert {m:.4g}</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="358"/>
        <source>Published against raw {column} per zone</source>
        <translation>Veröffentlicht gegenüber roh: {column} je Zone</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="358"/>
        <source>raw value</source>
        <translation>Rohwert</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="358"/>
        <source>published value</source>
        <translation>veröffentlichter Wert</translation>
    </message>
    <message>
        <location filename="../dp_geoprivacy/processing/algorithms/utility_report.py" line="114"/>
        <source>Key in both layers (private)</source>
        <translation>Schlüssel in beiden Layern (privat)</translation>
    </message>
</context>
</TS>
