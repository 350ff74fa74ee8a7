"""ewn.Position and ewn.Engine."""

import pytest

import ewn

START = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r"


def test_position():
    p = ewn.Position(START + " 5")
    assert str(p) == START + " 5"
    assert repr(p) == f"ewn.Position('{START} 5')"
    assert p.side == "r" and p.die == 5 and p.winner is None
    assert p.board[0] == 1 and p.board[24] == 7 and len(p.board) == 25
    assert p.legal_moves() == p.legal_moves(5)
    assert sorted(p.legal_moves(5)) == ["b4b3", "b4c3", "b4c4"]
    assert sorted(ewn.Position(START).legal_moves(1)) == ["a5a4", "a5b4", "a5b5"]  # own piece too
    after = p.play("b4c3")
    assert after.side == "b" and after.die is None
    assert after == ewn.Position("r1r2r32/r44/r61r51b3/3b5b2/2b6b4b1 b")
    assert len({after, ewn.Position(str(after))}) == 1
    won = ewn.Position("5/5/2b32/5/4r1 b")
    assert won.winner == "r" and won.legal_moves(3) == []
    taken = ewn.Position("r14/b14/5/5/5 r 1").play("a5a4")  # the last blue piece
    assert taken.winner == "r" and taken.legal_moves(1) == []
    with pytest.raises(ValueError, match="Blue has no pieces"):
        str(taken)
    assert "Blue has no pieces" in repr(taken)


def test_engine_without_tables_plays_a_legal_move():
    engine = ewn.Engine(movetime_ms=50)
    move = engine.best_move(START, 6)
    assert move in ewn.Position(START).legal_moves(6)
    found = engine.search(START + " 6")
    assert type(found) is ewn.EngineChoice
    assert found.move in ewn.Position(START).legal_moves(6)
    assert found.depth >= 1 and found.nodes > 0 and not found.exact


def test_engine_with_tables_plays_their_best_value(tables):
    engine = ewn.Engine(tables=tables, movetime_ms=50)
    tb = ewn.Tablebase(tables)
    for position in ["r1r23/5/5/5/3b1b2 r 2", "r14/5/2b32/5/5 b 3"]:
        found = engine.search(position)
        assert found.exact
        assert found.move_value == tb.moves(position)[0].move_value
        # The same question, the same shape of answer: the move.
        assert isinstance(engine.best_move(position), str)
        assert isinstance(tb.best_move(position), str)
        assert engine.best_move(position) in ewn.Position(position).legal_moves()
