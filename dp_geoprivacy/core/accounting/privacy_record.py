"""The privacy record every output carries.

One immutable record per release states what was done to the data: the
mechanism, epsilon and delta, the unit of privacy, the sensitivity and the
noise scale (both taken from the mechanism object that drew the noise, so
the claim and the noise cannot disagree), the metric CRS and snapping grain,
whether a user seed made the run reproducible, and provenance.

What it never holds: a hash, fingerprint or any statistic of the input's
content, or the seed's value. Either would let someone holding candidate
datasets tell which one was used, which differential privacy forbids.
"""

import json
import math
import uuid
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import datetime, timezone
from typing import Optional, Tuple

from ..releases.publication import check_public

RECORD_FORMAT = "dp_geoprivacy.privacy_record/1"
# Above this epsilon a release gives no meaningful protection: an observer's
# odds about any one unit of privacy may change by a factor of e^10 (about
# 22,000) or more. Every algorithm says so in its log and in the record's
# notes (weak_epsilon_note), never refusing: studies may need such runs.
WEAK_EPSILON = 10.0


def weak_epsilon_note(epsilon) -> Optional[str]:
    """The record's note for an epsilon above WEAK_EPSILON, else None."""
    try:
        value = float(epsilon)
    except (TypeError, ValueError):
        return None
    if not value > WEAK_EPSILON:
        return None
    return (f"epsilon = {value:g} is above {WEAK_EPSILON:g}: this release gives no meaningful protection (an "
            "observer's odds about one unit of privacy may change by a factor of e^epsilon); do not call it private.")
KEYWORDS = ("differential-privacy", "dp_geoprivacy")
# How the record sits in a layer's metadata (QGIS's history items, keyword vocabulary):
# processing/privacy_metadata.py (QGIS) and spark/gpkg.py (plain SQLite) write the same.
HISTORY_PREFIX = "dp_geoprivacy privacy record: "
KEYWORD_VOCABULARY = "dp_geoprivacy"


@dataclass(frozen=True)
class PrivacyRecord:
    """What a published layer's privacy rests on; read back by later algorithms."""

    algorithm: str
    plugin_version: str
    mechanism: str
    epsilon: Optional[float]
    delta: Optional[float]
    unit_of_privacy: str
    sensitivity: Optional[float]
    sensitivity_unit: str
    noise_scale: Optional[float]
    noise_scale_unit: str
    input_layer: str
    seeded: bool
    metric_crs: str = ""
    snapping_grain_m: Optional[float] = None
    # Counts: how published values are kept safe from floating-point attacks
    # (core.mechanisms.counting: Mironov's snapping, or integer noise), their grain, and
    # the epsilon that holds in floating-point arithmetic.
    floating_point: str = ""
    count_grain: Optional[float] = None
    epsilon_floating_point: Optional[float] = None
    differentially_private: bool = True
    # Gaussian releases: the zero-concentrated DP parameter (Bun and Steinke
    # 2016) the release satisfies; epsilon and delta above are its conversion
    # (core.mechanisms.gaussian). None for releases accounted in (epsilon, delta) only.
    rho: Optional[float] = None
    # A run whose bounds were chosen privately (automatic M, LOWER/UPPER; core.mechanisms.bound_selection.with_choice):
    # epsilon above is the whole run's; the choices' epsilon and the release's own (the part its noise was drawn
    # at) are these. None for runs without a choice (and in records written before them).
    choice_epsilon: Optional[float] = None
    release_epsilon: Optional[float] = None
    notes: Tuple[str, ...] = ()
    # The part of the source the release covers, as declared by the publisher
    # ("all", or key=value constraints such as "day=Mon"; core.accounting.composition).
    partition: str = "all"
    # How that partition composes with others of the source (core.accounting.composition.partition_rule).
    partition_rule: str = ""
    release_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    created: str = field(
        default_factory=lambda: datetime.now(timezone.utc).replace(microsecond=0).isoformat()
    )
    format: str = RECORD_FORMAT

    def __post_init__(self):
        """A seeded release is not private: whoever knows the seed removes the noise (issue 19 item 6)."""
        if self.seeded and self.differentially_private:
            object.__setattr__(self, "differentially_private", False)
        check_public(vars(self), "the privacy record")

    @property
    def is_release(self) -> bool:
        """A mechanism's release (private, or one that would be but for its seed), not a calibration aid."""
        return self.epsilon is not None and (self.differentially_private or self.seeded)

    def with_notes(self, *notes: str) -> "PrivacyRecord":
        """A copy with more notes appended (records are immutable)."""
        return replace(self, notes=self.notes + tuple(notes))

    def to_json(self) -> str:
        """The record as one line of strict JSON (the machine-readable form), never ``Infinity`` or ``NaN``
        (which JSON does not have): an infinite ``epsilon_floating_point`` (no floating-point guarantee is
        claimed, mechanisms.counting.snapping_epsilon) is written as null, like a record that claims none; any other
        infinite or NaN figure is a ValueError (the algorithm refuses settings that make one)."""
        data = asdict(self)
        data["notes"] = list(self.notes)
        if data["epsilon_floating_point"] is not None and not math.isfinite(data["epsilon_floating_point"]):
            data["epsilon_floating_point"] = None
        return json.dumps(data, sort_keys=True, allow_nan=False)

    @classmethod
    def from_json(cls, text: str) -> "PrivacyRecord":
        """Parse a record written by :meth:`to_json`; unknown keys are ignored."""
        data = json.loads(text)
        if data.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a {RECORD_FORMAT} record")
        known = {f.name for f in fields(cls)}
        data = {k: v for k, v in data.items() if k in known}
        data["notes"] = tuple(data.get("notes", ()))
        return cls(**data)

    def title_suffix(self) -> str:
        """A short tag for layer titles, e.g. 'ε=1, δ=0'."""
        if self.seeded and self.epsilon is not None:  # a release made with a seed (calibration aids say below)
            return "not private (seeded)"
        if not self.differentially_private:
            return "NOT differentially private"
        return f"ε={self.epsilon:g}, δ={self.delta:g}"

    def summary(self) -> str:
        """A plain-language paragraph for the layer's abstract."""
        if self.seeded and self.epsilon is not None:
            lines = [
                "NOT PRIVATE (SEEDED): the noise was drawn from a user-supplied seed, so anyone who knows it can "
                "remove the noise. A reproducible study run; do not publish it.",
                f"Mechanism as configured: {self.mechanism}; epsilon = {self.epsilon:g}, delta = {self.delta or 0:g} "
                "(not a guarantee here).",
                f"Unit of privacy it would protect with secure noise: {self.unit_of_privacy}.",
            ]
        elif not self.differentially_private:
            lines = [
                "NOT DIFFERENTIALLY PRIVATE: this layer contains statistics of the raw "
                "data. It is a calibration aid for the data holder; do not publish it."
            ]
        else:
            lines = [
                f"Differentially private release made by {self.algorithm} "
                f"(dp_geoprivacy {self.plugin_version}).",
                f"Mechanism: {self.mechanism}; epsilon = {self.epsilon:g}, delta = {self.delta:g}.",
                f"Unit of privacy: {self.unit_of_privacy}.",
                f"Sensitivity: {self.sensitivity:g} {self.sensitivity_unit}; "
                f"noise scale: {self.noise_scale:g} {self.noise_scale_unit}.",
            ]
        if self.choice_epsilon is not None and self.release_epsilon is not None:
            lines.append(f"Of this epsilon, {self.choice_epsilon:g} chose the bounds privately and the release drew "
                         f"its noise at {self.release_epsilon:g}.")
        if self.metric_crs:
            lines.append(f"Noise drawn in {self.metric_crs}.")
        if self.snapping_grain_m:
            lines.append(f"Coordinates snapped to a {self.snapping_grain_m:g} m grid.")
        if self.floating_point:
            lines.append(f"Floating-point safety: {self.floating_point}.")
        if self.partition and self.partition != "all":
            lines.append(f"Partition of the source covered: {self.partition}.")
        lines.append(
            "A user-supplied seed was used: the noise is reproducible by anyone who knows it."
            if self.seeded
            else "Noise from numpy's Philox generator keyed from the operating system's cryptographic source."
        )
        lines.append(f"Input layer: {self.input_layer}. Created {self.created}.")
        lines.extend(self.notes)
        return "\n".join(lines)
