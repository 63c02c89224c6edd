```
return "fenced without a language tag";
```
