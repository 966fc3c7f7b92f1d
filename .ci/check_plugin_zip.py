#!/usr/bin/env python3
"""Check a plugin zip the way the QGIS plugin repository (plugins.qgis.org) does.

``make package`` runs this on the zip it builds and deletes the zip when a
check fails. The rules follow the repository's upload validator
(qgis/QGIS-Django, qgis-app/plugins/validator.py, and the version fields of
its models.py):

- the file is at most 25,000,000 bytes and a readable zip (no CRC errors);
- no member path holds ``..`` or starts with ``/``; no ``.pyc`` file and no
  ``__pycache__``, ``.git`` or ``__MACOSX`` folder;
- one top-level folder, named with ASCII letters, digits and ``_`` (PEP 8
  lower case, as the repository requires of new plugins), here the expected
  package name; ``__init__.py``, ``metadata.txt`` and ``LICENSE`` inside it;
- metadata.txt is UTF-8 with a ``[general]`` section holding, non-empty, the
  required fields name, description, about, version, qgisMinimumVersion,
  author, email, tracker and repository;
- version and qgisMinimumVersion/qgisMaximumVersion are dotted numbers (at
  most 32 characters), the boolean flags are true/false, tracker, repository
  and homepage are absolute URLs (not the template placeholders), the email
  looks like one, the author holds no slash, and a declared icon is in the zip.

The repository also checks that the URLs answer; that needs the network and is
not done here. Standard library only.

Usage: check_plugin_zip.py ZIP [--package-name NAME] [--version VERSION]
Exit status 0 when the zip passes; otherwise 1, with one line per problem.
"""

import argparse
import configparser
import re
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlparse

MAX_SIZE = 25_000_000  # bytes, the repository's PLUGIN_MAX_UPLOAD_SIZE
REQUIRED = ("name", "description", "about", "version", "qgisMinimumVersion", "author", "email", "tracker",
            "repository")
BOOLEANS = ("experimental", "deprecated", "server", "hasProcessingProvider", "supportsQt6")
FORBIDDEN_DIRS = ("__MACOSX", ".git", "__pycache__")
PLACEHOLDER_URLS = {"tracker": "http://bugs", "repository": "http://repo", "homepage": "http://homepage"}
VERSION = re.compile(r"^\d+(\.\d+){1,3}$")
QGIS_VERSION = re.compile(r"^\d+\.\d+(\.\d+)?$")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def check(path, package_name=None, version=None, max_size=MAX_SIZE):
    """The list of problems found in the zip at ``path`` (empty when it passes)."""
    path = Path(path)
    if not path.is_file():
        return [f"{path}: no such file"]
    size = path.stat().st_size
    if size > max_size:
        return [f"the zip is {size:,} bytes; the plugin repository accepts at most {max_size:,}"]
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as error:
        return [f"cannot open the zip: {error}"]
    with archive:
        return _check_members(archive, package_name, version)


def _check_members(archive, package_name, version):
    problems = []
    names = archive.namelist()
    if not names:
        return ["the zip is empty"]
    for name in names:
        parts = name.split("/")
        if ".." in name or name.startswith("/"):
            problems.append(f"'{name}': member paths must not hold '..' or start with '/'")
        if ".pyc" in name:
            problems.append(f"'{name}': .pyc files are not accepted")
        for forbidden in FORBIDDEN_DIRS:
            if forbidden in parts:
                problems.append(f"'{name}': a '{forbidden}' folder is not accepted")
    bad = archive.testzip()
    if bad:
        problems.append(f"'{bad}': bad CRC or unreadable member")
    tops = sorted({name.split("/")[0] for name in names})
    if len(tops) != 1 or "/" not in names[0]:
        problems.append(f"the zip must hold exactly one top-level folder (found: {', '.join(tops)})")
        return problems
    top = tops[0]
    if not re.match(r"^[a-z_][a-z0-9_]*$", top):
        problems.append(f"top-level folder '{top}': use lower-case ASCII letters, digits and '_' (PEP 8)")
    if package_name and top != package_name:
        problems.append(f"top-level folder is '{top}', expected '{package_name}'")
    for required in ("__init__.py", "metadata.txt", "LICENSE"):
        if f"{top}/{required}" not in names:
            problems.append(f"'{top}/{required}' is missing (the plugin repository requires it)")
    if f"{top}/metadata.txt" in names:
        problems.extend(_check_metadata(archive, top, names, version))
    return problems


def _check_metadata(archive, top, names, version):
    problems = []
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    try:
        parser.read_string(archive.read(f"{top}/metadata.txt").decode("utf-8"))
    except (UnicodeDecodeError, configparser.Error) as error:
        return [f"metadata.txt cannot be read: {error}"]
    if not parser.has_section("general"):
        return ["metadata.txt has no [general] section"]
    general = {key: value.strip() for key, value in parser.items("general")}
    for key in REQUIRED:
        if not general.get(key):
            problems.append(f"metadata.txt: required field '{key}' is missing or empty")
    value = general.get("version", "")
    if value and (not VERSION.match(value) or len(value) > 32):
        problems.append(f"metadata.txt: version '{value}' must be dotted numbers such as 0.2.0")
    if value and version and value != version:
        problems.append(f"metadata.txt: version '{value}' differs from the package's {version}")
    for key in ("qgisMinimumVersion", "qgisMaximumVersion"):
        value = general.get(key, "")
        if value and not QGIS_VERSION.match(value):
            problems.append(f"metadata.txt: {key} '{value}' must be a QGIS version such as 3.22")
    minimum = general.get("qgisMinimumVersion", "")
    if QGIS_VERSION.match(minimum) and tuple(int(p) for p in minimum.split(".")[:2]) < (1, 8):
        problems.append(f"metadata.txt: qgisMinimumVersion {minimum} is below 1.8")
    for key in BOOLEANS:
        value = general.get(key)
        if value is not None and value.lower() not in ("true", "false", "1", "0", "yes", "no"):
            problems.append(f"metadata.txt: {key} must be True or False (got '{value}')")
    for key in ("tracker", "repository", "homepage"):
        value = general.get(key)
        if not value:
            continue
        parsed = urlparse(value)
        if value == PLACEHOLDER_URLS[key] or parsed.scheme not in ("http", "https") or not parsed.netloc:
            problems.append(f"metadata.txt: {key} '{value}' must be an http(s) URL")
    if general.get("email") and not EMAIL.match(general["email"]):
        problems.append(f"metadata.txt: email '{general['email']}' is not an e-mail address")
    if "/" in general.get("author", ""):
        problems.append("metadata.txt: author must not contain '/'")
    icon = general.get("icon", "")
    if icon and f"{top}/{icon.removeprefix('./')}" not in names:
        problems.append(f"metadata.txt: icon '{icon}' is not in the zip")
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("zip")
    parser.add_argument("--package-name", help="the expected top-level folder")
    parser.add_argument("--version", help="the version metadata.txt must declare")
    parser.add_argument("--max-size", type=int, default=MAX_SIZE, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    problems = check(args.zip, args.package_name, args.version, args.max_size)
    for problem in problems:
        print(f"{args.zip}: {problem}", file=sys.stderr)
    if problems:
        print(f"{args.zip}: refused by the plugin repository's checks ({len(problems)} problem(s))", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
