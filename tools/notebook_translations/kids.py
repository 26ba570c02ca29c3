"""The children's page (notebooks/kids.ipynb) in the kit's other five languages: notebooks/<lang>/kids.ipynb.

Read by tools/translate_notebooks.py.  The page has no text cell (every word is the widget's, from the
catalogs), so each translation is the English notebook with one first cell that sets the kernel's language;
``make app APP_LANG=pl`` opens the Polish one.  The first cell's comment is in the page's language (Voila
shows no code; JupyterLab does).
"""

FIRST = {
    "ro": "# Pagina copiilor, în română",
    "cs": "# Stránka pro děti, česky",
    "pt": "# A página das crianças, em português",
    "pl": "# Strona dla dzieci, po polsku",
    "fr": "# La page des enfants, en français",
}

JOBS = [("notebooks/kids.ipynb", f"notebooks/{lang}/kids.ipynb", lang,
         f'{comment}\nfrom kit.i18n import set_language\nset_language("{lang}")', {})
        for lang, comment in FIRST.items()]
