const tweet = "Shipping #CodeMode to @cloudflare workers today! #rust #wasm cc @boa_dev #rust";
const hashtags = [...new Set(tweet.match(/#\w+/g).map(t => t.slice(1).toLowerCase()))];
const mentions = Array.from(tweet.matchAll(/@(\w+)/g), m => m[1]);
return { hashtags, mentions, stripped: tweet.replace(/[#@]\w+/g, "").replace(/\s{2,}/g, " ").trim() };
