import type {} from 'pageloop/svelte';
