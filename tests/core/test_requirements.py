from dp_geoprivacy import requirements


def test_installed_environment_meets_the_requirements():
    assert requirements.missing_requirements() == []


def test_missing_and_old_packages_are_named_with_the_fix(monkeypatch):
    monkeypatch.setattr(requirements, "REQUIRED", {"numpy": (99, 0), "no_such_package_dp": (1, 0)})
    missing = requirements.missing_requirements()
    assert missing == ["numpy>=99.0", "no_such_package_dp>=1.0"]
    assert "pip install" in requirements.install_hint(missing) and "numpy>=99.0" in requirements.install_hint(missing)
