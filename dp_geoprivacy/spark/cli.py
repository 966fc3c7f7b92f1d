"""The shared parts of the Spark commands: parameters, the session, the zones, the ledger reservation."""

import math
import sys

from ..core.mechanisms.rng import noise_source
from ..core.releases.publication import check_public
from .cells import CellError, h3_cells, zone_cells
from .ledger import (
    BudgetRefusedError,
    budget_of,
    check_paths,
    partition_rows,
    preview,
    reserve,
    source_fingerprint,
)
from .trial import TrialFinished, requested

TRUE = ("1", "true", "yes", "on")


class UsageError(ValueError):
    pass


def session(master: str):
    """A Spark session whose Python workers run this interpreter (numpy, shapely, h3 as on the driver)."""
    import os

    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)

    return (SparkSession.builder.master(master).appName("dp_geoprivacy")
            .config("spark.sql.session.timeZone", "UTC")
            .config("spark.sql.execution.arrow.pyspark.enabled", "true")
            .getOrCreate())


# INPUT's formats (INPUT_FORMAT, else the path's extension; Parquet by default, also for a folder of part files).
INPUT_FORMATS = ("parquet", "csv", "orc", "json")
_EXTENSIONS = {".csv": "csv", ".csv.gz": "csv", ".orc": "orc", ".json": "json", ".jsonl": "json", ".ndjson": "json",
               ".json.gz": "json"}
# Columns that hold numbers (coordinates, the value) or times, by the parameter naming them: text formats (CSV)
# carry them as text, so they are cast (a cell that is not a number or time becomes NULL, i.e. missing).
NUMBER_COLUMNS = ("LON_FIELD", "LAT_FIELD", "ORIGIN_X_FIELD", "ORIGIN_Y_FIELD", "DEST_X_FIELD", "DEST_Y_FIELD",
                  "VALUE_FIELD")
TIME_COLUMNS = ("TIME_FIELD",)  # the report's TIMESTAMP_FIELD reads ISO text itself and refuses what it cannot


def input_format(values) -> str:
    """INPUT_FORMAT, or the one INPUT's extension names (module constants)."""
    given = str(values.get("INPUT_FORMAT") or "").strip().lower()
    if given:
        if given not in INPUT_FORMATS:
            raise UsageError(f"INPUT_FORMAT must be one of {', '.join(INPUT_FORMATS)}, got {given!r}.")
        return given
    path = str(values.get("INPUT") or "").rstrip("/").lower()
    return next((kind for ending, kind in _EXTENSIONS.items() if path.endswith(ending)), "parquet")


def read_input(spark, values):
    """INPUT as a Spark DataFrame, for every command: Parquet or GeoParquet (a file or a folder of part files,
    WKB geometry columns), CSV (a header row, comma separated; the coordinate, value and time columns the
    parameters name are cast from text), ORC or JSON lines. Points from CSV or JSON come from LON_FIELD and
    LAT_FIELD (or the ORIGIN_/DEST_ fields): they hold no WKB."""
    from pyspark.sql import functions as sf
    from pyspark.sql.utils import AnalysisException

    kind, path = input_format(values), values.get("INPUT")
    if kind in ("csv", "json") and values.get("GEOMETRY_FIELD"):
        raise UsageError(f"GEOMETRY_FIELD reads WKB geometries, which a {kind.upper()} file does not hold: give "
                         "LON_FIELD and LAT_FIELD (or ORIGIN_X_FIELD ... DEST_Y_FIELD), or a Parquet input.")
    try:
        if kind == "csv":
            df = spark.read.csv(path, header=True, inferSchema=False, mode="PERMISSIVE")
        else:
            df = getattr(spark.read, kind)(path)
        df.schema  # noqa: B018 (resolves the path now: a missing file is a usage error, not a traceback)
    except AnalysisException as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise UsageError(f"INPUT {path} cannot be read as {kind} ({first}). Give a readable Parquet, CSV, ORC or "
                         "JSON lines path, or set INPUT_FORMAT.") from None
    if kind not in ("csv", "json"):
        return df
    casts = {values[name]: "double" for name in NUMBER_COLUMNS if values.get(name)}
    casts.update({values[name]: "timestamp" for name in TIME_COLUMNS if values.get(name)})
    text = {f.name for f in df.schema.fields if f.dataType.simpleString() == "string"}
    present = {c: target for c, target in casts.items() if c in text}
    return df.withColumns({c: sf.trim(sf.col(f"`{c}`")).cast(t) for c, t in present.items()}) if present else df


def cells_from(values, allow_overlap=True):
    """The public cells: ZONES [ZONE_ID_FIELD, ALLOW_OVERLAP] or H3_RESOLUTION with EXTENT."""
    get = values.get
    if get("ZONES") and get("H3_RESOLUTION"):
        raise UsageError("Give either ZONES or H3_RESOLUTION, not both: clear one of them.")
    try:
        if get("ZONES"):
            return zone_cells(get("ZONES"), get("ZONE_ID_FIELD") or None,
                              allow_overlap and str(get("ALLOW_OVERLAP", "")).lower() in TRUE)
        if get("H3_RESOLUTION"):
            return h3_cells(int(get("H3_RESOLUTION")), get("EXTENT"))
    except CellError as error:
        raise UsageError(str(error)) from None
    raise UsageError("Give the zones to count in: ZONES (a GeoPackage), or H3_RESOLUTION with an EXTENT.")


def wgs84_wkt():
    from osgeo import osr

    srs = osr.SpatialReference()
    srs.ImportFromEPSG(4326)
    return srs.ExportToWkt()


def require(values, *names):
    for name in names:
        if not values.get(name):
            raise UsageError(f"{name} is required")


def number(values, name, default=None, kind=float):
    text = values.get(name)
    if text in (None, ""):
        return default
    try:
        value = kind(text)
    except ValueError:
        raise UsageError(f"{name} must be a {'whole ' if kind is int else ''}number, got {text!r}") from None
    if not math.isfinite(value):
        raise UsageError(f"{name} must be a finite number, got {text!r}")
    return value


def noise_from(values, log):
    source = noise_source(number(values, "SEED", kind=int))
    if source.seeded:
        log("A seed was given: the noise is reproducible. Do not publish this output.")
    return source


class Budget:
    """LEDGER / BUDGET / PARTITION for one run: ``reserve(fields)`` before any noise (the core's before_noise).

    ``df`` is the whole input (fingerprinted); ``rows`` its PARTITION's rows, which the release reads;
    ``geometry`` says which columns hold the locations (spark.ledger.source_fingerprint). With DRY_RUN (a trial run,
    spark/trial.py) reserving raises spark.trial.TrialFinished with the fields instead, and ``preview`` looks at the
    ledger without writing.
    """

    def __init__(self, values, algorithm, df, outputs, log, geometry, row_is_unit=True):
        self.trial = requested(values)
        self.values, self.algorithm, self.df, self.log, self.geometry = values, algorithm, df, log, geometry
        self.row_is_unit = row_is_unit
        self.outputs = [o for o in (outputs if isinstance(outputs, (list, tuple)) else [outputs]) if o]
        self.reservation = None
        if (values.get("BUDGET") not in (None, "") or values.get("BUDGET_RHO") not in (None, "")) \
                and not values.get("LEDGER"):
            raise BudgetRefusedError("BUDGET needs a LEDGER: the epsilon already spent on the source is read from the "
                                "ledger.")
        self.budget = budget_of(number(values, "BUDGET"), number(values, "BUDGET_DELTA"), number(values, "BUDGET_RHO"))
        check_paths(values.get("LEDGER") or None, self.budget, self.outputs)
        rows = number(values, "ROWS_PER_PERSON", kind=int)
        if rows is not None and rows < 1:
            raise UsageError("ROWS_PER_PERSON must be a whole number of at least 1.")
        self.rows = partition_rows(df, values.get("PARTITION"))

    def __call__(self, mechanism_fields):
        if self.reservation is not None:
            raise RuntimeError("a release reserves its budget once")
        if self.trial:  # a trial run stops here, before any noise (spark/trial.py)
            raise TrialFinished(mechanism_fields)
        self.reservation = reserve(**self._ledger_arguments(mechanism_fields))

    def preview(self, mechanism_fields) -> dict:
        """A trial run's look at the ledger (spark.ledger.preview): nothing reserved or written."""
        return preview(**self._ledger_arguments(mechanism_fields))

    def _ledger_arguments(self, mechanism_fields) -> dict:
        get = self.values.get
        return {
            "algorithm": f"dp_geoprivacy:{self.algorithm}", "mechanism_fields": dict(mechanism_fields),
            "ledger": get("LEDGER") or None, "budget": self.budget, "partition": get("PARTITION"),
            "output": self.outputs[0] if self.outputs else "", "input_name": get("INPUT"),
            "fingerprint": lambda: source_fingerprint(self.df, self.geometry), "log": self.log,
            "user_field": get("USER_FIELD") or "", "day_field": get("DAY_FIELD") or "",
            "seeded": get("SEED") not in (None, ""), "dataset": get("DATASET") or "",
            "rows_per_person": number(self.values, "ROWS_PER_PERSON", kind=int), "row_is_unit": self.row_is_unit}

    def record_fields(self):
        return self.reservation.record_fields()


def point_geometry(values):
    """The location columns of a points input, for the ledger's fingerprint."""
    columns = point_columns(values)
    return ("wkb", columns["geometry"]) if "geometry" in columns else ("points", [(columns["lon"], columns["lat"])])


def point_columns(values):
    if values.get("GEOMETRY_FIELD"):
        return {"geometry": values["GEOMETRY_FIELD"]}
    if values.get("LON_FIELD") and values.get("LAT_FIELD"):
        return {"lon": values["LON_FIELD"], "lat": values["LAT_FIELD"]}
    raise UsageError("Give LON_FIELD and LAT_FIELD, or GEOMETRY_FIELD (WKB points in longitude/latitude).")


def log_results(results, log):
    for name, value in check_public(results).items():
        log(f"{name}: {value}")
    return results
