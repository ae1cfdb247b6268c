"""A small table for where pandas is not installed (Python in the browser has no pandas): the
few things the lessons do with a pandas ``DataFrame`` (pick columns, map cells, rename, index
by a column, the first rows, a slice of rows, HTML), done the same way, so a notebook shows
the same table with pandas or without it. :mod:`guts_teach.frames` makes one when pandas is
missing.

>>> table = Table([{"player": "A", "balance": 2}, {"player": "B", "balance": -2}],
...               ["player", "balance"]).set_index("player")
>>> list(table["balance"].map(abs)), list(table.index), table.index.name
([2, 2], ['A', 'B'], 'player')
>>> print(table.rename(columns=str.capitalize))
player  Balance
A             2
B            -2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from html import escape
from typing import Any, overload


class Column(list[Any]):
    """A table's column: a list that maps like a pandas ``Series``."""

    def map(self, function: Callable[[Any], Any]) -> Column:
        """Each value through ``function``."""
        return Column(function(value) for value in self)


class Index(list[Any]):
    """A table's row labels (0, 1, 2 ... unless set from a column), and their heading."""

    name: str | None = None


class Table:
    """Rows of named columns, with row labels; built from rows (dicts) and the columns'
    order. Cells are kept as they are (exact fractions stay fractions)."""

    def __init__(
        self,
        rows: Iterable[Mapping[str, Any]],
        columns: Sequence[str],
        *,
        index: Iterable[Any] | None = None,
        index_name: str | None = None,
    ) -> None:
        listed = list(rows)
        self._columns = {name: Column(row.get(name) for row in listed) for name in columns}
        self.index = Index(range(len(listed)) if index is None else index)
        self.index.name = index_name

    @property
    def columns(self) -> list[str]:
        """The columns' names, in order."""
        return list(self._columns)

    def __len__(self) -> int:
        return len(self.index)

    def rows(self) -> Iterator[dict[str, Any]]:
        """Each row as a dict of its cells."""
        for at in range(len(self)):
            yield {name: cells[at] for name, cells in self._columns.items()}

    def _with(
        self, rows: Iterable[Mapping[str, Any]], columns: Sequence[str], index: Iterable[Any]
    ) -> Table:
        return Table(rows, columns, index=index, index_name=self.index.name)

    @overload
    def __getitem__(self, key: str) -> Column: ...
    @overload
    def __getitem__(self, key: list[str]) -> Table: ...
    def __getitem__(self, key: str | list[str]) -> Column | Table:
        """One column (by name), or a table of the named columns."""
        if isinstance(key, str):
            if key not in self._columns:
                raise KeyError(f"no column {key!r}; the columns are {self.columns}")
            return Column(self._columns[key])
        for name in key:
            self[name]  # the same error for a missing column
        return self._with(self.rows(), key, self.index)

    def __setitem__(self, name: str, values: Iterable[Any]) -> None:
        column = Column(values)
        if len(column) != len(self):
            raise ValueError(f"column {name!r} has {len(column)} values for {len(self)} rows")
        self._columns[name] = column

    def set_index(self, name: str) -> Table:
        """The table with column ``name`` as its row labels (and heading)."""
        labels = self[name]
        rest = [column for column in self.columns if column != name]
        table = Table(self.rows(), rest, index=labels, index_name=name)
        return table

    def rename(self, *, columns: Mapping[str, str] | Callable[[str], str]) -> Table:
        """The table with its columns renamed (a mapping, or a function of the name)."""

        def new(name: str) -> str:
            return columns(name) if callable(columns) else columns.get(name, name)

        renamed = [{new(key): value for key, value in row.items()} for row in self.rows()]
        return self._with(renamed, [new(name) for name in self.columns], self.index)

    def map(self, function: Callable[[Any], Any]) -> Table:
        """Every cell through ``function``."""
        mapped = [{key: function(value) for key, value in row.items()} for row in self.rows()]
        return self._with(mapped, self.columns, self.index)

    def head(self, count: int = 5) -> Table:
        """The first ``count`` rows."""
        return self._rows(slice(0, count))

    @property
    def iloc(self) -> _Rows:
        """Rows by position: ``table.iloc[7:14]``."""
        return _Rows(self)

    def _rows(self, which: slice) -> Table:
        return self._with(list(self.rows())[which], self.columns, self.index[which])

    def to_html(self, *, classes: str | None = None, border: int = 1, index: bool = True) -> str:
        """The table as an HTML ``<table>``, headed like pandas' (the row labels' heading on
        a row of its own)."""
        opening = f'<table border="{border}" class="dataframe{f" {classes}" if classes else ""}">'
        heads = "".join(f"<th>{escape(str(name))}</th>" for name in self.columns)
        lines = [opening, "<thead>", f"<tr>{'<th></th>' if index else ''}{heads}</tr>"]
        if index and self.index.name:
            blanks = "<th></th>" * len(self.columns)
            lines.append(f"<tr><th>{escape(self.index.name)}</th>{blanks}</tr>")
        lines += ["</thead>", "<tbody>"]
        for label, row in zip(self.index, self.rows(), strict=True):
            cells = "".join(f"<td>{escape(str(value))}</td>" for value in row.values())
            lines.append(f"<tr>{f'<th>{escape(str(label))}</th>' if index else ''}{cells}</tr>")
        lines += ["</tbody>", "</table>"]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return self.to_html()

    def __str__(self) -> str:
        heading = [self.index.name or "", *self.columns]
        body = [
            [str(label), *map(str, row.values())]
            for label, row in zip(self.index, self.rows(), strict=True)
        ]
        widths = [max(len(line[at]) for line in [heading, *body]) for at in range(len(heading))]
        first = "  ".join(
            [heading[0].ljust(widths[0])]
            + [h.rjust(w) for h, w in zip(heading[1:], widths[1:], strict=True)]
        )
        rest = [
            "  ".join(
                [line[0].ljust(widths[0])]
                + [c.rjust(w) for c, w in zip(line[1:], widths[1:], strict=True)]
            )
            for line in body
        ]
        return "\n".join([first, *rest])

    __repr__ = __str__


class _Rows:
    """``table.iloc``: rows by position."""

    def __init__(self, table: Table) -> None:
        self._table = table

    def __getitem__(self, which: slice) -> Table:
        return self._table._rows(which)
