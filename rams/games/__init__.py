"""The game families: each family is a package of its own (``rams.games.rams`` …)."""
