"""dp_geoprivacy: differential privacy for location and travel data in QGIS."""

import importlib.machinery
from pathlib import Path

__version__ = "0.2.0"


# Packages whose PyPI wheels bundle a C/C++ library that QGIS has already
# loaded into the process: numpy bundles OpenBLAS and libgfortran; shapely
# bundles GEOS; pyproj bundles PROJ (with its own SQLite, libtiff and libcurl).
# numpy first: shapely imports it. These three are imported at plugin start anyway (numpy and shapely at the top
# of most modules, pyproj by the requirement check), so they are imported here.
OWN_LIBRARY_PACKAGES = ("numpy", "shapely", "pyproj")
# scipy's wheel bundles libgfortran and OpenBLAS too, but the plugin imports scipy only inside the functions that
# need it (none of them at start, nor in most runs: importing scipy.stats and what it pulls in, scipy.optimize,
# scipy.linalg, numpy.testing, numpy.f2py..., costs 0.5 s or more). So scipy is not imported here: a wheel's
# modules are bound to its own libraries as each is first imported (_OwnLibrariesFinder). A scipy linked to the
# system's libgfortran and OpenBLAS (Debian's), which QGIS uses too, has nothing to bind apart and is left alone.
BOUND_WHEN_IMPORTED = ("scipy",)


def bundles_libraries(package):
    """Whether the importable ``package`` is a wheel with libraries of its own (``<package>.libs`` beside it, or
    ``.libs`` inside it as older wheels had them); found without importing it."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return False
    for folder in getattr(spec, "submodule_search_locations", None) or ():
        for libs in (Path(folder).parent / f"{package}.libs", Path(folder) / ".libs"):
            if libs.is_dir() and any(libs.iterdir()):
                return True
    return False


def _import_with_their_own_libraries(names=OWN_LIBRARY_PACKAGES):
    """Import numpy, shapely and pyproj so that each binds to the libraries it was built with, not QGIS's.

    In qgis_process and QGIS desktop, QGIS's libgeos_c, libproj and
    libopenblas are already in the process's global symbol scope. A Python
    extension module is loaded with RTLD_LOCAL, but its symbols are still
    looked up in the global scope first, so a wheel's extension and the library bundled with it (e.g.
    ``pyproj.libs/libproj-*.so``) resolve every symbol QGIS's copy also has to
    QGIS's copy (seen with ``LD_DEBUG=bindings``):

    - shapely: the GEOS C functions QGIS's (older) GEOS has come from it, the
      newer ones from shapely's own: geometries cross between two GEOS builds
      (has_m wrong, ``.coords`` with three values, to_wkb/to_wkt refusing
      output dimension 4).
    - pyproj: its extensions call QGIS's PROJ (e.g. 9.1) with the wheel's
      proj.db (e.g. from 9.5), and the wheel's libproj binds its C++ globals
      (``osgeo::proj::common::UnitOfMeasure::METRE`` and the other static
      units, ellipsoids, datums) to QGIS's libproj: its static constructors
      build a second object over QGIS's, and at exit both libraries'
      destructors free the same strings: ``free(): invalid pointer`` /
      ``double free or corruption`` after the output is written, exit status
      134 from qgis_process, a crash when QGIS desktop quits.
    - numpy: the wheel's OpenBLAS took its per-CPU kernels
      (``sgemm_kernel_PRESCOTT`` and some 1,300 more) from QGIS's OpenBLAS,
      another version of the library, and the wheel's libgfortran bound to
      QGIS's.

    RTLD_DEEPBIND puts each extension's own dependencies ahead of the global
    scope, so a wheel uses only the libraries it bundles (the wheel's PROJ with
    the wheel's proj.db) and QGIS's are left alone. Debian's numpy, shapely
    and pyproj link to the very libraries QGIS uses, for which the flag changes
    nothing. Every compiled module at the top of each package is imported
    while the flag is set, so none is loaded later without it. A no-op where
    the flag does not exist (not glibc) or for a package already imported
    (by QGIS or another plugin: its bindings are made). The packages of
    BOUND_WHEN_IMPORTED are not imported: where they bundle libraries, each of
    their compiled modules is loaded with the flag whenever it is first
    imported (_OwnLibrariesFinder).
    """
    import importlib
    import importlib.machinery
    import os
    import sys

    if not hasattr(os, "RTLD_DEEPBIND") or not hasattr(sys, "setdlopenflags"):
        return
    lazy = {name for name in BOUND_WHEN_IMPORTED if name not in sys.modules and bundles_libraries(name)}
    if lazy:
        finder = next((f for f in sys.meta_path if isinstance(f, _OwnLibrariesFinder)), None)
        if finder is None:
            finder = _OwnLibrariesFinder()
            sys.meta_path.insert(0, finder)
        finder.packages |= lazy
    flags = sys.getdlopenflags()
    sys.setdlopenflags(flags | os.RTLD_DEEPBIND)
    try:
        for name in names:
            if name in sys.modules:
                continue
            try:
                package = importlib.import_module(name)
            except Exception:  # missing or broken (e.g. a scipy built for a newer numpy): requirements.py says so
                continue
            for folder in getattr(package, "__path__", ()):
                for path in sorted(Path(folder).iterdir()):
                    suffix = next((s for s in importlib.machinery.EXTENSION_SUFFIXES if path.name.endswith(s)), None)
                    if suffix is None:
                        continue
                    try:
                        importlib.import_module(f"{name}.{path.name[: -len(suffix)]}")
                    except ImportError:
                        pass
    finally:
        sys.setdlopenflags(flags)


class _DeepBindLoader(importlib.machinery.ExtensionFileLoader):
    """An extension module's loader that opens its shared object with RTLD_DEEPBIND."""

    def create_module(self, spec):
        import os
        import sys

        flags = sys.getdlopenflags()
        sys.setdlopenflags(flags | os.RTLD_DEEPBIND)
        try:
            return super().create_module(spec)
        finally:
            sys.setdlopenflags(flags)


class _OwnLibrariesFinder:
    """Finds the modules of ``packages`` as Python's path finder does, and loads each compiled one with
    RTLD_DEEPBIND (_import_with_their_own_libraries says why): a package bound this way from its first import
    keeps its own libraries in every module it loads, and nothing of it is imported before it is needed."""

    def __init__(self):
        self.packages = set()

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] not in self.packages:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is not None and type(spec.loader) is importlib.machinery.ExtensionFileLoader:
            spec.loader = _DeepBindLoader(spec.loader.name, spec.loader.path)
        return spec


def _use_installed_packages():
    """Put the packages the plugin installed for a QGIS without them (dependencies.py) first on sys.path."""
    from .dependencies import use_packages_folder

    use_packages_folder()


_import_with_their_own_libraries(("numpy",))  # QGIS's numpy first: a numpy in the packages folder stays unused
_use_installed_packages()


def _end_run_on_interrupt():
    """In qgis_process, Ctrl-C ends the run from the moment the plugin is imported (processing/workdirs.py)."""
    import sys

    core = sys.modules.get("qgis.core")  # never imported here: the core tests run without QGIS
    if core is not None and core.QgsApplication.platform() == "qgis_process":
        from .processing import workdirs

        workdirs.install(end_on_interrupt=True)


_end_run_on_interrupt()
_import_with_their_own_libraries()


def plugin_root() -> Path:
    """The folder holding metadata.txt, resources/ and i18n/.

    In the installed plugin that is this package's folder; in a source
    checkout it is the folder above it.
    """
    here = Path(__file__).resolve().parent
    for candidate in (Path(__file__).parent, here, here.parent):
        if (candidate / "metadata.txt").is_file():
            return candidate
    return here


def classFactory(iface):  # noqa: N802 (name and argument required by QGIS)
    """Entry point QGIS calls to create the plugin (which needs no iface)."""
    from .plugin import DpGeoprivacyPlugin

    return DpGeoprivacyPlugin()
