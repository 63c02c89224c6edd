```javascript
const total = [10, 20, 30].reduce((a, b) => a + b, 0);
return { total };
```
