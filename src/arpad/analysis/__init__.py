"""Analysis tools of the classic rating literature: handicap events, pool integrity, Elo's
statistical toolkit (reliability, tests of a rating system, small samples, scales) and
Berard's Tournament App."""
