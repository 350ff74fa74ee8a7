"""Exact endgame tables and the engine of EinStein wuerfelt nicht! (the ewn program's library).

    with ewn.Tablebase("data") as tb:
        tb.probe("r1r23/5/5/5/4b1 r").value  # an ewn.Probe: what `ewn probe --json` prints
        ewn.analyse(game_text, tables=tb)     # the turns of `ewn analyse --json`, ewn.Turn each

Tablebase (the tables of a directory), Position (a position in the notation of `ewn probe`),
Engine (the expectimax engine of `ewn play`), analyse and analyse_game (a played game judged
turn by turn), Setups (the setup advisor of `ewn setup`) and the errors: ewn.Error and one
subclass a failure (NotCoveredError a KeyError, TableError an OSError naming the file, ...).
Answers are typed and immutable (ewn.Probe, ewn.EngineChoice, ewn.Analysis, ewn.SetupReply, ...:
frozen dataclasses whose fields are the document's keys; .to_dict() and .to_json() give the
document back); docs/API.md.
"""

from ._ewn import (ArgumentError, DirectoryNotFoundError, Engine, Error, GameOverError,
                   GameTextError, InternalError, NotATableDirectoryError, NotCoveredError,
                   OutOfMemoryError, Position, PositionError, Setups, Tablebase, TableError,
                   UnavailableError, UnreadableError, __version__, analyse, analyse_game)
from ._results import (Analysis, DiceMoves, Document, EngineChoice, MixAlternatives, Players,
                       Probe, RankedArrangement, SetupAlternatives, SetupBest, SetupEquilibrium,
                       SetupMatrix, SetupPrecision, SetupPrecisionByMover, SetupReply, SetupTies,
                       SideVerdict, Sides, Turn, ValuedMove, WithinNoise)

# One literal list, so that type checkers see every name exported (mypy --strict).
__all__ = ["Engine", "Position", "Setups", "Tablebase", "__version__", "analyse", "analyse_game",
           # the errors
           "Error", "ArgumentError", "PositionError", "GameTextError", "GameOverError",
           "NotCoveredError", "DirectoryNotFoundError", "NotATableDirectoryError",
           "UnreadableError", "TableError", "OutOfMemoryError", "UnavailableError", "InternalError",
           # the typed answers
           "Document", "Probe", "DiceMoves", "ValuedMove", "EngineChoice", "Analysis", "Turn",
           "Players", "Sides", "SideVerdict", "SetupReply", "SetupBest", "SetupEquilibrium",
           "SetupMatrix", "RankedArrangement", "SetupPrecision", "SetupPrecisionByMover",
           "SetupTies", "MixAlternatives", "SetupAlternatives", "WithinNoise"]

# Shown as ewn.Tablebase, not as the extension's ewn._ewn.Tablebase.
for _name in [name for name in __all__ if name != "__version__"]:
    globals()[_name].__module__ = __name__
del _name
