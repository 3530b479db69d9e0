"""What the plain trick games of RULES §10.2–10.5 share — Ramsch, Whist, Boston, the four
trump deals: their rule sets (:mod:`.rules`), a deal's state machine and its card play
(:mod:`.deal`), a match of deals (:mod:`.match`), the family behind the protocol
(:mod:`.family`), their words and screens. Each game is a module beside this one
(:mod:`rams.games.kony`, :mod:`rams.games.ramsch`, :mod:`rams.games.whist`,
:mod:`rams.games.boston`) that says only what is its own.
"""
