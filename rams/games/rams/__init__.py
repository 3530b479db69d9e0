"""The Rams family: Рамс and its relatives Петух and Мушка с памфилом (RULES §1–§8, §10.1).

``rules`` (options and presets), ``actions``, ``events``, ``deal`` (one deal, an explicit
state machine: its ``board``, the state and the writes every phase makes, with its phases:
``opening``, ``declarations``, the card play, ``scoring``, ``stakes``; ``ids``, the integer
actions), ``match`` (a game: deals in turn, the score sheet, the settlement), ``view`` (what
one seat may see), ``words`` (what people read), and the rulebook (``rulebook.toml``).
"""
