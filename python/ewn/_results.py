"""The module's answers as typed, immutable objects: one class a document of docs/schemas (and
one a nested object), its fields the document's keys in the document's order.

Each is a frozen dataclass with __slots__ (made here so that Python 3.9, whose
dataclasses have no slots=True, gets them too): attribute access, no accidental writes, equal
when their fields are, hashable, and pickled by value. Arrays are tuples. `to_dict()` gives back
the document exactly (the dict json.loads makes of the program's line), `to_json()` the line
itself; `from_dict()`/`from_json()` read one (a saved `ewn probe --json` line, say).
"""

import dataclasses
import json
import typing
from typing import Any, Callable, Dict, Optional, Tuple, Type, TypeVar

_D = TypeVar("_D", bound="Document")


class Document:
    """What every answer has: from_dict, to_dict, from_json, to_json."""

    __slots__ = ()
    # Keys the document leaves out (rather than writing null) when the field is None.
    _omitted_when_none: typing.ClassVar[typing.FrozenSet[str]] = frozenset()

    @classmethod
    def from_dict(cls: Type[_D], document: Dict[str, Any]) -> _D:
        """The answer of a document (a dict as json.loads makes it); its keys must be the
        fields, those of _omitted_when_none optional. Raises ValueError naming the keys
        otherwise."""
        nested = _NESTED.get(cls)
        if nested is None:
            nested = _reader(cls)
        if nested:
            if type(document) is not dict:
                document = _with_every_key(cls, document)
            document = dict(document)
            for name, convert in nested:
                if name in document:
                    document[name] = convert(document[name])
        try:
            return cls(**document)
        except TypeError:  # a key missing or unknown (the exact check only costs on failure)
            return cls(**_with_every_key(cls, document))

    @classmethod
    def from_json(cls: Type[_D], text: str) -> _D:
        """The answer of a document's JSON text (one line of the program's --json)."""
        return cls.from_dict(json.loads(text))

    def to_dict(self) -> Dict[str, Any]:
        """The document: keys in the program's order, arrays as lists, absent keys left out."""
        document = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is None and field.name in self._omitted_when_none:
                continue
            document[field.name] = _plain(value)
        return document

    def to_json(self) -> str:
        """The document's JSON text as the program prints it (one line, no spaces, UTF-8)."""
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    def __reduce__(self) -> Tuple[type, Tuple[Any, ...]]:
        # Frozen classes with slots refuse the setattr that the default unpickling does.
        return (type(self), tuple(getattr(self, f.name) for f in dataclasses.fields(self)))


def _plain(value: Any) -> Any:
    if isinstance(value, Document):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _converter(hint: Any) -> Optional[Callable[[Any], Any]]:
    """How a document's value becomes a field of type `hint`: nested documents become their
    class, arrays tuples; None where it stays as json.loads made it."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union:  # Optional[X]: null stays None
        inner = _converter(next(a for a in args if a is not type(None)))
        if inner is None:
            return None
        convert = inner
        return lambda value: None if value is None else convert(value)
    if origin is tuple:
        item = _converter(args[0])
        if item is None:
            return tuple
        convert_item = item
        return lambda value: tuple([convert_item(v) for v in value])
    if isinstance(hint, type) and issubclass(hint, Document):
        return hint.from_dict
    return None


_NESTED: Dict[type, Tuple[Tuple[str, Callable[[Any], Any]], ...]] = {}


def _reader(cls: type) -> Tuple[Tuple[str, Callable[[Any], Any]], ...]:
    """The converters of the fields that need one (worked out once a class)."""
    hints = typing.get_type_hints(cls)
    converters = ((f.name, _converter(hints[f.name])) for f in dataclasses.fields(cls))
    _NESTED[cls] = tuple((name, convert) for name, convert in converters if convert)
    return _NESTED[cls]


def _with_every_key(cls: Type[Document], document: Any) -> Dict[str, Any]:
    """The document with None for the optional keys it leaves out; ValueError when it is no
    object, lacks a required key or has one the class does not define."""
    if not isinstance(document, dict):
        raise ValueError(f"{cls.__name__}: a JSON object, not {type(document).__name__}")
    keys = {f.name for f in dataclasses.fields(cls)}
    unknown = document.keys() - keys
    missing = keys - document.keys() - cls._omitted_when_none
    if unknown or missing:
        raise ValueError(f"{cls.__name__}: keys {sorted(unknown)} unknown, "
                         f"{sorted(missing)} missing")
    return {**{name: None for name in keys}, **document}


if typing.TYPE_CHECKING:  # what checkers and IDEs see: a frozen dataclass
    from dataclasses import dataclass as _slotted_dataclass
else:
    def _slotted_dataclass(*, frozen: bool) -> Callable[[type], type]:
        """dataclass(frozen=..., slots=True), which Python 3.9 lacks: the class made again with
        __slots__ of its annotated fields, then made a dataclass."""
        def make(cls: type) -> type:
            body = {k: v for k, v in vars(cls).items() if k not in ("__dict__", "__weakref__")}
            body["__slots__"] = tuple(body.get("__annotations__", {}))
            return dataclasses.dataclass(frozen=frozen)(type(cls.__name__, cls.__bases__, body))
        return make


# ---- ewn:common ------------------------------------------------------------------------------


@_slotted_dataclass(frozen=True)
class ValuedMove(Document):
    """A move with its value (common: valued_move): move ('a5b4'), move_value (the mover's
    win probability after it), wins (it reaches the goal or takes the last piece)."""
    move: str
    move_value: float
    wins: bool


@_slotted_dataclass(frozen=True)
class SetupMatrix(Document):
    """The setup matrix an answer comes from (common: matrix): rows and columns (arrangement
    classes), depth (every entry's search depth, in plies)."""
    rows: int
    columns: int
    depth: int


@_slotted_dataclass(frozen=True)
class RankedArrangement(Document):
    """An arrangement with its value (common: ranked_arrangement): arrangement and twin (six
    digits), probability (its weight in an equilibrium's mix; None, and absent from the
    document, elsewhere), value (the win probability of the side the answer is for), tied (in a
    ranking: within the answer's tie_margin of the best; None, and absent, elsewhere)."""
    arrangement: str
    twin: str
    probability: Optional[float]
    value: float
    tied: Optional[bool]

    _omitted_when_none = frozenset({"probability", "tied"})


# ---- ewn:probe -------------------------------------------------------------------------------


@_slotted_dataclass(frozen=True)
class DiceMoves(Document):
    """One die's moves in a probe, best first."""
    die: int
    moves: Tuple[ValuedMove, ...]


@_slotted_dataclass(frozen=True)
class Probe(Document):
    """A position's values: what `ewn probe --json` prints (docs/schemas/probe.schema.json).
    value is the side to move's win probability before the roll, die_value after the die
    (None without one)."""
    position: str
    side: str
    value: float
    red_value: float
    die: Optional[int]
    die_value: Optional[float]
    pieces: int
    winner: Optional[str]
    material: Optional[str]
    source: str
    dice: Tuple[DiceMoves, ...]


# ---- ewn:engine_choice -----------------------------------------------------------------------


@_slotted_dataclass(frozen=True)
class EngineChoice(Document):
    """The engine's move (docs/schemas/engine_choice.schema.json): move_value the mover's win
    probability after it (None when nothing was searched), exact, depth, nodes searched."""
    move: str
    move_value: Optional[float]
    exact: bool
    depth: int
    nodes: int


# ---- ewn:analysis ----------------------------------------------------------------------------


@_slotted_dataclass(frozen=True)
class Players(Document):
    """The players a game log names, by side."""
    r: str
    b: str


@_slotted_dataclass(frozen=True)
class Turn(Document):
    """One turn of an analysis: the turns of `ewn analyse --json`."""
    turn: int
    line: int
    side: str
    position: str
    pieces: int
    die: Optional[int]
    assumed_die: Optional[int]
    move: Optional[str]
    move_value: Optional[float]
    best_move: Optional[str]
    die_value: Optional[float]
    value: float
    red_value: float
    luck: Optional[float]
    value_lost: Optional[float]
    mark: Optional[str]
    luck_mark: Optional[str]
    choices: int
    source: str
    exact: bool
    depth: int
    nodes: int


@_slotted_dataclass(frozen=True)
class SideVerdict(Document):
    """What an analysis says of one side's play."""
    result: Optional[float]
    luck_adjusted_result: Optional[float]
    turns: int
    choices: int
    luck: float
    value_lost: float
    value_lost_mean: Optional[float]
    value_lost_mean_se: Optional[float]
    rating: Optional[str]
    inaccuracies: int
    mistakes: int
    blunders: int


@_slotted_dataclass(frozen=True)
class Sides(Document):
    """Both sides' verdicts: r (Red) and b (Blue)."""
    r: SideVerdict
    b: SideVerdict


@_slotted_dataclass(frozen=True)
class Analysis(Document):
    """A game judged turn by turn: what `ewn analyse --json` prints
    (docs/schemas/analysis.schema.json)."""
    format: str
    game: int
    games: int
    players: Optional[Players]
    start: str
    winner: Optional[str]
    game_end: str
    node_budget: int
    turns: Tuple[Turn, ...]
    sides: Sides
    notes: Tuple[str, ...]


# ---- ewn:setup_reply, ewn:setup_best, ewn:setup_equilibrium ---------------------------------


@_slotted_dataclass(frozen=True)
class SetupPrecision(Document):
    """How far a setup answer's values can be trusted (common: setup_precision), probability
    units: entry_error (an entry against a search one ply deeper, about the shift depth_bias
    common to every entry), value_error (of each value in the answer), tie_margin (two values
    closer than this are not told apart)."""
    entry_error: float
    depth_bias: float
    value_error: float
    tie_margin: float


@_slotted_dataclass(frozen=True)
class SetupPrecisionByMover(Document):
    """A ranking's precision for the first and the second mover (common:
    setup_precision_by_mover)."""
    first: SetupPrecision
    second: SetupPrecision


@_slotted_dataclass(frozen=True)
class SetupTies(Document):
    """How many classes tie with the best, for each mover (common: setup_ties)."""
    first: int
    second: int


@_slotted_dataclass(frozen=True)
class MixAlternatives(Document):
    """A mover's other optimal choices (common: mix_alternatives): classes outside its mix that
    do as well against the other's mix, and other optimal mixes found."""
    equally_good: Tuple[RankedArrangement, ...]
    other_mixes: Tuple[Tuple[RankedArrangement, ...], ...]


@_slotted_dataclass(frozen=True)
class SetupAlternatives(Document):
    """The equilibrium's alternatives for the first and the second mover."""
    first: MixAlternatives
    second: MixAlternatives


@_slotted_dataclass(frozen=True)
class SetupReply(Document):
    """Your best arrangements against `against`, moving first and second: `ewn setup reply
    --json`."""
    matrix: SetupMatrix
    precision: SetupPrecision
    against: str
    first: Tuple[RankedArrangement, ...]
    second: Tuple[RankedArrangement, ...]
    ties: SetupTies


@_slotted_dataclass(frozen=True)
class SetupBest(Document):
    """The best arrangements against a uniformly random one: `ewn setup best --json`."""
    matrix: SetupMatrix
    first: Tuple[RankedArrangement, ...]
    second: Tuple[RankedArrangement, ...]
    precision: SetupPrecisionByMover
    ties: SetupTies


@_slotted_dataclass(frozen=True)
class WithinNoise(Document):
    """How many classes of each mover do as well against the other's mix as the game's value,
    within the matrix's own noise (`margin`, its tie margin)."""
    margin: float
    first: int
    second: int


@_slotted_dataclass(frozen=True)
class SetupEquilibrium(Document):
    """The mixes neither side can improve on and the first mover's value: `ewn setup
    equilibrium --json`."""
    matrix: SetupMatrix
    precision: SetupPrecision
    value: float
    gap: float
    first: Tuple[RankedArrangement, ...]
    second: Tuple[RankedArrangement, ...]
    alternatives: SetupAlternatives
    within_noise: WithinNoise


# The class of each document of docs/schemas that the module returns (the tests check each
# against its schema).
BY_SCHEMA = {"probe": Probe, "engine_choice": EngineChoice, "analysis": Analysis,
             "setup_reply": SetupReply, "setup_best": SetupBest,
             "setup_equilibrium": SetupEquilibrium}
