"""Exact endgame tables and the engine of EinStein wuerfelt nicht! (the ewn program's library).

    with ewn.Tablebase("data") as tb:
        tb.probe("r1r23/5/5/5/4b1 r")   # the dict `ewn probe --json` prints
        ewn.analyse(game_text, tables=tb)  # the turns of `ewn analyse --json`, one dict each

Tablebase (the tables of a directory), Position (a position in the notation of `ewn probe`),
Engine (the expectimax engine of `ewn play`), analyse and analyse_game (a played game judged
turn by turn), Setups (the setup advisor of `ewn setup`) and the errors: ewn.Error and one
subclass a failure (NotCoveredError a KeyError, TableError an OSError naming the file, ...);
docs/API.md.
"""

from ._ewn import (ArgumentError, DirectoryNotFoundError, Engine, Error, GameOverError,
                   GameTextError, InternalError, NotATableDirectoryError, NotCoveredError,
                   OutOfMemoryError, Position, PositionError, Setups, Tablebase, TableError,
                   UnreadableError, __version__, analyse, analyse_game)

_ERRORS = ["Error", "ArgumentError", "PositionError", "GameTextError", "GameOverError",
           "NotCoveredError", "DirectoryNotFoundError", "NotATableDirectoryError",
           "UnreadableError", "TableError", "OutOfMemoryError", "InternalError"]
__all__ = ["Engine", "Position", "Setups", "Tablebase", "__version__", "analyse",
           "analyse_game"] + _ERRORS

# Shown as ewn.Tablebase, not as the extension's ewn._ewn.Tablebase.
for _name in ["Engine", "Position", "Setups", "Tablebase", "analyse", "analyse_game"] + _ERRORS:
    globals()[_name].__module__ = __name__
del _name
