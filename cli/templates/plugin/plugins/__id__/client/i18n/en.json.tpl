{
  "{{id}}": {
    "title": "{{title}}",
    "name": "Name",
    "add": "Add",
{{#server}}
    "addFailed": "Could not add the item",
    "loadFailed": "Could not load the items",
{{/server}}
    "empty": "No items yet.",
    "listLabel": "{{title}} items"
  }
}
