"""Optional adapters to other libraries, imported only on demand.

* :mod:`kit.interop.openspiel`: any kit game as an OpenSpiel Python game.
"""
