"""The compile cache's folder is keyed by arpad's sources wherever it lives (D-compiled-2):
Numba checks only a loop's own file, so a folder not keyed by the sources could serve a
loop compiled against an older rule. Before, a NUMBA_CACHE_DIR set by the user was used
as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from arpad import compiled


def test_a_given_folder_gets_a_subfolder_named_by_the_sources(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert compiled.keyed_cache_dir() == tmp_path / compiled.source_digest()


def test_a_folder_named_by_the_sources_is_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The tests' session folder, inherited by the command lines they start, is not nested."""
    keyed = tmp_path / compiled.source_digest()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(keyed))
    assert compiled.keyed_cache_dir() == keyed


def test_without_a_given_folder_the_user_cache_is_used(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = compiled.keyed_cache_dir()
    assert folder == tmp_path / "arpad" / "numba" / compiled.source_digest()


def test_the_digest_changes_with_a_source(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "rules.py").write_text("x = 1\n")
    monkeypatch.setattr(compiled, "SOURCES", tmp_path)
    compiled.source_digest.cache_clear()
    try:
        before = compiled.source_digest()
        (tmp_path / "rules.py").write_text("x = 2\n")
        compiled.source_digest.cache_clear()
        assert compiled.source_digest() != before
    finally:
        monkeypatch.undo()
        compiled.source_digest.cache_clear()
