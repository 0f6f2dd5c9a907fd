"""Predictive evaluation of rating systems on real games (``arpad evaluate``).

- :mod:`arpad.evaluate.metrics`: binomial deviance, log loss, Brier score, the Kaggle 2010
  per-player-month RMSE, calibration, the fitted first-move advantage;
- :mod:`arpad.evaluate.harness`: chronological periods, the split, the policies a user
  chooses (newcomers, games against never-rated players, rolling or fixed prediction) and
  one run of one system;
- :mod:`arpad.evaluate.search`: grid and random search over a system's configuration on
  the validation periods, locally or on Dask;
- :mod:`arpad.evaluate.presets`: named configurations found by that search.
"""
