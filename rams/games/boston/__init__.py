"""Бостон (RULES §10.4, B1–B13): an auction of trump and null games valued by the suit
classes of a card turned from a second pack, a partner for the small games, open nulls."""
