"""Вист (RULES §10.3, W1–W10): two sides, a turned or named trump, tricks and honours,
games and rubbers."""
