"""The browser front end: a static, offline web app on the same engine.

:mod:`sudokit.web.bridge` is the Python side the page's Web Worker calls (JSON text in,
JSON text out, over :class:`sudokit.game.play.Play`); ``build`` assembles the site and
``static/`` holds the app's files. Importing this package imports nothing else: the
engine loads only what the page asks for.
"""
