"""``lite_compat._words.list_item_words``: a list's item pointers, read in one copy, equal
exactly when two lists hold the same objects in the same places (seeded random lists and
edits, against the ids Python gives)."""

from __future__ import annotations

import random
import struct

import pytest

from lite_compat._words import LIST_ITEMS_SUPPORTED, list_item_words

pytestmark = pytest.mark.skipif(
    not LIST_ITEMS_SUPPORTED, reason="list item words are not read on this interpreter"
)


@pytest.mark.parametrize("seed", range(10))
def test_item_words_are_the_ids_in_order(seed: int) -> None:
    rng = random.Random(seed)
    pool: list[object] = [rng.random() for _ in range(20)] + [None, "a", (1,), object()]
    items = [rng.choice(pool) for _ in range(rng.randrange(0, 300))]
    for _ in range(5):
        assert list_item_words(items) == struct.pack(f"{len(items)}n", *map(id, items))
        copy = items[:]
        assert list_item_words(copy) == list_item_words(items)
        if items:
            i = rng.randrange(len(items))
            items[i] = float(rng.random())  # another object
            assert list_item_words(copy) != list_item_words(items)
        items.append(rng.choice(pool))
