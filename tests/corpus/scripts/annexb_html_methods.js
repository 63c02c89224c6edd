return ["docs".link("https://example.com"), "x".bold(), "y".anchor("top")];
