"""The Rams family: Рамс and its relatives Петух and Мушка с памфилом (RULES §1–§8, §10.1).

``rules`` (options and presets), ``actions``, ``events``, ``deal`` (one deal, an explicit
state machine), ``match`` (a game: deals in turn, the score sheet, the settlement), ``view``
(what one seat may see), ``words`` (what people read), and the rulebook
(``rulebook.toml``).
"""
