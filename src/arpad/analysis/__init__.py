"""Analysis tools of the classic rating literature: handicap events, pool integrity, Berard's
Tournament App, and (in other modules) statistical tests of a rating system."""
