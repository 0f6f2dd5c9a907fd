"""Historical ratings: Elo's method for rating the masters of the past (chapter 5 of *The
Rating of Chessplayers*, 1986), the development-curve tools of chapter 6, and the book's
lists of titleholders, untitled masters and historical matches shipped as data."""
