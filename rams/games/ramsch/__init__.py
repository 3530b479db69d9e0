"""Fikhman's «Рамс», Skat's Ramsch (RULES §10.2, F1–F9): no trumps (or the jacks), card
points, and the player with the most of them pays."""
