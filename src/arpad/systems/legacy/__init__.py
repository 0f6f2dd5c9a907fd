"""The older rating systems Elo describes in §8.5–§8.6 of *The Rating of Chessplayers*
(1986): Ingo, Harkness, the BCF grading, CCLA, the general linear system and Berkin's
valued game points. Each is a full rating system behind the common interface, so it can
rate the same events as the Elo system; :mod:`.common` holds what they share."""
