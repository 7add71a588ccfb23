{
  "{{id}}": {
    "title": "{{title}}",
    "name": "名稱",
    "add": "新增",
{{#server}}
    "addFailed": "無法新增項目",
    "loadFailed": "無法載入項目",
{{/server}}
    "empty": "尚未有項目。",
    "listLabel": "{{title}} 項目"
  }
}
