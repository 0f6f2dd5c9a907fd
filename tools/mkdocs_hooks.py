"""mkdocs hooks of the documentation site (mkdocs.yml ``hooks:``).

Docstrings hold their examples as bare ``>>>`` lines (run by tests/test_doctests.py) and
cross-references as Sphinx roles (``:func:`x```). Markdown would read ``>>>`` as nested
quotes and print the roles as typed; this extension, added to the site's Markdown (the
pages' and mkdocstrings' alike), fences each run of examples as ``pycon`` and writes a role
as code.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.plugins import event_priority

_ROLE = re.compile(r":(?:func|meth|class|mod|attr|data|exc|obj):`~?([^`]+)`")


class _DoctestFences(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fenced = False  # inside a ``` block already: leave it alone
        in_example = False
        for line in lines:
            stripped = line.lstrip()
            indent = line[: len(line) - len(stripped)]
            if stripped.startswith("```"):
                fenced = not fenced
            if not fenced and not in_example and stripped.startswith(">>> "):
                out.append(f"{indent}```pycon")
                in_example = True
            elif in_example and not stripped:
                out.append(f"{indent}```")
                in_example = False
            out.append(line if in_example or fenced else _ROLE.sub(r"`\1`", line))
        if in_example:
            out.append("```")
        return out


class DoctestExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_DoctestFences(md), "arpad_doctest_fences", 40)


@event_priority(100)  # before mkdocstrings reads the Markdown extensions
def on_config(config: Any) -> Any:
    config.markdown_extensions.append(DoctestExtension())
    return config
