"""The four trump deals («четыре кона», RULES §10.5, T1–T6): four deals, each player names
the trump once, 3 points a trick."""
