return 1
// @options: {"max_output_tokens": 20}