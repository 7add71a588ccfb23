{
  "{{id}}": {
    "title": "{{title}}",
    "name": "Name",
    "add": "Add",
{{#server}}
    "addFailed": "Could not add the item",
{{/server}}
    "empty": "No items yet.",
    "listLabel": "{{title}} items"
  }
}
