// class-transformer ships the types of its metadata storage, but not at the path of the CommonJS build Node loads.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
