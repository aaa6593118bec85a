import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// Vue's compiler must know the tags are custom elements, not Vue components.
const isCustomElement = (tag: string) => tag.startsWith('opi-');

export default defineConfig({ plugins: [vue({ template: { compilerOptions: { isCustomElement } } })] });
