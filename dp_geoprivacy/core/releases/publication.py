"""What may be published: one place decides.

Everything an algorithm publishes (layer values, the privacy record, the
metadata text, the log, the Processing results) is either public (a declared
parameter, a mechanism setting, a value drawn by a mechanism) or it is a raw
figure read from the data (records dropped, points skipped, values clamped,
rows aggregated...). A raw figure changes when one person is added or
removed, and no mechanism paid for it, so it must never be published; the
data holder may still need it, in the log, marked as private.

A raw figure is wrapped in :class:`Private` where it is computed (in the
core release functions: ``Release.facts`` holds both kinds, and
``Release.private_facts`` / ``Release.public_facts`` split them). A
``Private`` refuses to be formatted, printed or converted to a number, so it
cannot slip into a record note, a log line or a result by accident: the only
way out is :func:`private_text`, which marks the text
"(private to the data holder, do not publish)". :func:`check_public` refuses
results (or record fields) that hold a ``Private``. Like dp_accounting's
events, a ``Private`` is immutable; unlike them it hides its value.

Raw figures computed in the glue (a reader's count of skipped features) go
through :func:`private_text` too; the differential tests
(tests/qgis/test_neighbouring_outputs.py) check that nothing else differs
between neighbouring datasets.
"""

from dataclasses import dataclass
from typing import Mapping

PRIVATE_MARK = "(private to the data holder, do not publish)"


class PublicationError(TypeError):
    """A raw figure (a Private) was about to be published."""


@dataclass(frozen=True)
class Private:
    """A raw figure read from the data; only :func:`private_text` reveals it."""

    value: object

    def _refuse(self, *args):
        raise PublicationError(
            "a raw figure read from the data cannot be published; log it with core.releases.publication.private_text")

    __format__ = __str__ = __repr__ = __int__ = __float__ = __index__ = __bool__ = _refuse


def reveal(value):
    """The raw value of a Private (anything else unchanged): only for :func:`private_text` and tests."""
    return value.value if isinstance(value, Private) else value


def private_text(template: str, **values) -> str:
    """``template`` formatted with ``values`` (Private ones revealed), marked as private to the data holder.

    The one way a raw figure goes into text: such text belongs in the data holder's log only.
    """
    return f"{template.format(**{name: reveal(value) for name, value in values.items()})} {PRIVATE_MARK}"


def log_private(feedback, template: str, *, warning: bool = False, **values) -> None:
    """Log :func:`private_text` to a Processing feedback (anything with pushInfo and pushWarning)."""
    text = private_text(template, **values)
    (feedback.pushWarning if warning else feedback.pushInfo)(text)


def is_private(value) -> bool:
    """True when ``value`` is, or (in a list, tuple, set or mapping) holds, a Private."""
    if isinstance(value, Private):
        return True
    if isinstance(value, Mapping):
        return any(is_private(v) for v in value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(is_private(v) for v in value)
    return False


def check_public(items: Mapping, what: str = "results") -> Mapping:
    """``items`` unchanged, or PublicationError naming the entries that hold a raw figure."""
    leaks = sorted(str(name) for name, value in (items or {}).items() if is_private(value))
    if leaks:
        raise PublicationError(f"{what} would publish raw figures read from the data: {', '.join(leaks)}")
    return items
