// @options: {"max_output_tokens": 20, "timeout_ms": 60000}
for (let i = 0; i < 50; i++) console.log('line', i);
return 'done'