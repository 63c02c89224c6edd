```js
const items = [3, 1, 2];
return items.sort((a, b) => a - b);
```
