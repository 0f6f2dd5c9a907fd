"""Analysis tools of the classic rating literature: handicap events, pool integrity, and
(in other modules) statistical tests of a rating system."""
