import { createApp } from 'vue';
import 'pageloop/agent-chat.js';
import App from './App.vue';

createApp(App).mount('#app');
