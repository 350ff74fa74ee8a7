"""Threads: many share one Tablebase, and the GIL is free while the library works."""

import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import ewn
from conftest import PIECES
from random_positions import random_position


def test_8_threads_sharing_one_tablebase_give_the_same_answers(tables):
    rng = random.Random(8)
    positions = [random_position(rng, PIECES) for _ in range(500)]
    expected = [ewn.Tablebase(tables).probe(p) for p in positions]
    shared = ewn.Tablebase(tables, cache_bytes=1 << 20)  # a small cache: the threads evict each other

    def run(t):
        order = list(range(len(positions)))
        random.Random(t).shuffle(order)
        return {i: (shared.probe(positions[i]), shared.value(positions[i])) for i in order}

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(run, range(8)))
    for answers in results:
        for i, (document, value) in answers.items():
            assert document == expected[i]
            assert value == expected[i].value


def test_the_gil_is_released_while_the_engine_searches():
    engine = ewn.Engine(movetime_ms=300)
    start = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r"
    done = threading.Event()
    thread = threading.Thread(target=lambda: (engine.best_move(start, 6), done.set()))
    thread.start()
    spins = 0
    begin = time.monotonic()
    while not done.is_set():
        spins += 1
    thread.join()
    # Held for the search, the GIL would have stopped this loop for the whole 0.2 s or more.
    assert time.monotonic() - begin > 0.1
    assert spins > 10000
