"""Tables transcribed from elo-rating-of-chessplayers-1986.txt for the statistical tests.

# Source: elo-rating-of-chessplayers-1986.txt, lines cited per table (OCR text; values as
# printed, corrections noted beside them, never applied silently). Spec: elo-book-part2.md
# T13–T20 and elo-book-part1.md §16.
"""

from __future__ import annotations

# T13 — 1976 U.S. Open game scores, L3557–3564: inner boundaries, f_e, f_o, contribution,
# printed proportions; χ² = 8.843 with 6 d.f. (L3564–3566). Model: mean 6, σ = ½√12.
US_OPEN_1976_BOUNDARIES = (2.25, 3.75, 5.25, 6.75, 8.25, 9.75)
US_OPEN_1976_PROPORTION = (0.0154, 0.0797, 0.2385, 0.3320, 0.2385, 0.0797, 0.0154)
US_OPEN_1976_EXPECTED = (8.4, 43.5, 130.2, 181.3, 130.2, 43.5, 8.4)
US_OPEN_1976_OBSERVED = (9, 51, 137, 186, 127, 34, 2)
US_OPEN_1976_CONTRIBUTION = (0.043, 1.293, 0.355, 0.122, 0.079, 2.075, 4.876)
US_OPEN_1976_CHI2 = 8.843

# T14 — 4795 pairings, Milwaukee 1961–1964, L3572–3581: class, games, W, L, D (lower-rated
# player), f_o, f_e, contribution. χ² printed 6.23 in the table and "6.24" in the text
# (L3583). Row 251-300: W + D/2 = 69.5 but f_o is printed 69.0 (spec part 2 E8).
MILWAUKEE = (
    ("0-50", 327, 104, 142, 81, 144.5, 151.7, 0.34),
    ("51-100", 509, 144, 267, 98, 193.0, 200.5, 0.28),
    ("101-150", 862, 204, 485, 173, 290.5, 281.9, 0.26),
    ("151-200", 1064, 216, 651, 197, 314.5, 284.1, 3.25),
    ("201-250", 775, 109, 548, 118, 168.0, 166.6, 0.01),
    ("251-300", 481, 45, 387, 49, 69.0, 81.8, 2.00),
    ("301-350", 462, 43, 381, 38, 62.0, 61.4, 0.01),
    ("351-400", 176, 9, 150, 17, 17.5, 18.3, 0.03),
    ("401-500", 139, 6, 127, 6, 9.0, 9.7, 0.05),
)

# T15 — USCF 1983 established list, L3588–3612: mean 1649, SD 288, N = 28,988. Inner
# boundaries 800 … 2600; printed proportions, f_e, f_o, contribution. χ² = 156.91, 19 d.f.
# Row 1100-1199 prints f_e − f_o = 1 for 907 − 908 (spec part 2 E10).
USCF_1983_BOUNDARIES = tuple(range(800, 2700, 100))
USCF_1983_PROPORTION = (
    0.0016, 0.0031, 0.0075, 0.0159, 0.0313, 0.0537, 0.0818, 0.1066, 0.1310, 0.1389,
    0.1271, 0.1093, 0.0810, 0.0530, 0.0301, 0.0162, 0.0074, 0.0029, 0.0011, 0.0005,
)  # fmt: skip
USCF_1983_EXPECTED = (
    46, 90, 217, 461, 907, 1557, 2371, 3090, 3797, 4026,
    3684, 3168, 2348, 1536, 873, 470, 215, 84, 32, 15,
)  # fmt: skip
USCF_1983_OBSERVED = (
    17, 50, 146, 408, 908, 1646, 2380, 3266, 3841, 4004,
    3622, 2921, 2252, 1582, 1049, 530, 216, 95, 44, 11,
)  # fmt: skip
USCF_1983_CONTRIBUTION = (
    18.28, 17.78, 23.23, 6.09, 0.00, 5.09, 0.03, 10.02, 0.51, 0.12,
    1.04, 19.26, 3.93, 1.38, 35.48, 7.66, 0.00, 1.44, 4.50, 1.07,
)  # fmt: skip
USCF_1983_CHI2 = 156.91

# T16 — large Swiss tournaments, L3622–3637: 774 scores, mean 4.32, SD 1.38 (L3616). Rows
# run from the top score down; the printed z column implies a mean of about 4.36 (spec part 2
# E11). χ² = 19.41 with 12 d.f.
SWISS_BOUNDARIES_DESCENDING = tuple(7.25 - 0.5 * i for i in range(12))  # 7.25 … 1.75
SWISS_PROPORTION = (
    0.0183, 0.0235, 0.0435, 0.0709, 0.1049, 0.1280, 0.1422, 0.1381, 0.1181, 0.0909, 0.0580,
    0.0336, 0.0294,
)  # fmt: skip
SWISS_EXPECTED = (14.2, 18.2, 33.7, 54.9, 81.2, 99.1, 110.1, 106.9, 91.4, 70.4, 44.9, 26.0, 22.8)
SWISS_OBSERVED = (8, 16, 33, 59, 97, 95, 121, 109, 65, 78, 36, 29, 28)
SWISS_CHI2 = 19.41

# T17 — Belgian established pool, 1 July 1983, L3645–3662: N = 2,643, mean 1782,
# SD 210.65. Inner boundaries 1300 … 2200. χ² = 10.54 with 10 d.f.; the printed 1 %
# critical value 23.161 should be 23.209 (spec part 2 E12).
BELGIAN_1983_BOUNDARIES = tuple(range(1300, 2201, 100))
BELGIAN_1983_EXPECTED = (29, 62, 147, 270, 413, 485, 477, 360, 224, 110, 63)
BELGIAN_1983_OBSERVED = (23, 74, 141, 247, 423, 504, 499, 329, 226, 112, 65)
BELGIAN_1983_CONTRIBUTION = (1.24, 2.32, 0.24, 1.96, 0.24, 0.74, 1.01, 2.67, 0.02, 0.04, 0.06)
BELGIAN_1983_CHI2 = 10.54

# T18 — critical values quoted: (d.f., level) → value, with the seed line.
CRITICAL_VALUES = (
    (6, 0.05, 12.592, 3566),
    (6, 0.01, 16.812, 3566),
    (8, 0.05, 15.507, 3583),
    (8, 0.01, 20.090, 3583),
    (10, 0.05, 18.307, 3662),
    (12, 0.05, 21.026, 3637),
    (12, 0.01, 26.217, 3637),
    (19, 0.05, 30.144, 3614),
    (19, 0.01, 36.191, 3614),
    (19, 0.001, 43.82, 3614),
    (14, 0.01, 29.14, 3741),
)

# Table 7.33 (L2436–2466), Belgian CF established players (1975): percentage per 100-point
# interval from 700–799 to 2300–2399; n = 1857, mean 1474, SD 271, mode 1410.
BELGIAN_1975_FIRST_INTERVAL = 700
BELGIAN_1975_PERCENT = (
    0.05, 0.64, 2.15, 4.79, 8.40, 9.75, 15.03, 15.90, 13.68, 10.07, 7.38, 5.22, 3.12, 2.15,
    1.08, 0.43, 0.16,
)  # fmt: skip
BELGIAN_1975_N = 1857

# T20 — Kolmogorov–Smirnov, Belgian pool vs Maxwell–Boltzmann, L3719–3737: boundary (ratings
# below it), observed and expected cumulative proportion, difference. The last row ("over
# 2200") compares the totals. Allowable maximums .0376 (1 %) and .0316 (5 %).
KS_BOUNDARIES = tuple(range(800, 2201, 100))  # "under 800", "up to 900", 1000 … 2200
KS_OBSERVED = (
    0.0005, 0.0070, 0.0285, 0.0765, 0.1605, 0.2579, 0.4082, 0.5670, 0.7038, 0.8045, 0.8783,
    0.9305, 0.9618, 0.9833, 0.9941, 1.0000,
)  # fmt: skip
KS_EXPECTED = (
    0.0000, 0.0003, 0.0105, 0.0530, 0.1375, 0.2603, 0.4059, 0.5545, 0.6884, 0.7975, 0.8771,
    0.9304, 0.9622, 0.9806, 0.9903, 0.9974,
)  # fmt: skip
KS_DIFFERENCE = (
    0.0005, 0.0067, 0.0180, 0.0235, 0.0230, 0.0024, 0.0023, 0.0125, 0.0154, 0.0070, 0.0012,
    0.0001, 0.0004, 0.0027, 0.0038, 0.0026,
)  # fmt: skip
KS_ALLOWABLE_1 = 0.0376
KS_ALLOWABLE_5 = 0.0316
