// @options: {"nope": 1}
return 1