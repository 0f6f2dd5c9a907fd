"""Analysis tools of the rating literature (Berard's Tournament App, …)."""
