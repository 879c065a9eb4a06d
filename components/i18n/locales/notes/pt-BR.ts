/** Brazilian Portuguese: the log's own lines, the tab notice, A2UI's refused media, and the library's errors by code. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('pt-BR');

export const notes = {
  noticeStopped: 'Interrompido.',
  noticeInterrupted: 'Interrompido: a página foi fechada ou recarregada enquanto esta resposta estava sendo escrita.',
  noticeStepLimit: (max: string, count: number) => `Parou após ${max} ${plural(count, { one: 'etapa', other: 'etapas' })}: o limite de etapas foi atingido antes de a tarefa terminar.`,
  noticeStepLimitUnknown: 'Parou no limite de etapas antes de a tarefa terminar.',
  noticeSelfCheck: (n: string) => `Autoverificação na etapa ${n}`,
  noticeNudge: 'O modelo foi lembrado de fazer o que anunciou',
  logContextSizes: (before: string, after: string, window: string, count: number) => `${before} → ${after} ${plural(count, { one: 'token', other: 'tokens' })} de ${window}`,
  logContextFolded: (count: number, shown: string, sizes: string) =>
    `${count === 1 ? '1 mensagem anterior resumida' : `${shown} mensagens anteriores resumidas`} para caber no contexto do modelo (${sizes}).`,
  logContextDropped: (count: number, shown: string, sizes: string) =>
    `${count === 1 ? '1 mensagem anterior deixada de fora' : `${shown} mensagens anteriores deixadas de fora`} para caber no contexto do modelo; não foi possível fazer o resumo (${sizes}).`,
  logContextCutMessage: (sizes: string) => `Esta mensagem é longa demais para o contexto do modelo: o meio dela não foi enviado (${sizes}); aqui ela fica inteira.`,
  logContextCutResult: (before: string, after: string, count: number) => `Um resultado longo de ferramenta foi cortado para caber no contexto do modelo (${before} → ${after} ${plural(count, { one: 'token', other: 'tokens' })}); o modelo pode continuar lendo.`,
  tabReadOnly: 'Somente leitura: esta conversa está aberta em outra aba.',
  tabNotice: 'Esta conversa está aberta em outra aba. Aqui ela é somente leitura e acompanha aquela aba; continua aqui quando aquela aba for fechada.',
  a2uiNotShownNotUrl: (url: string) => `Não exibido: ${url} não é uma URL.`,
  a2uiNotShownImage: (url: string) => `Não exibido: ${url} não é uma URL http(s) nem data:image/….`,
  a2uiNotShownLink: (url: string) => `Não exibido: ${url} não é uma URL http(s).`,
  errAborted: 'Parou antes de terminar.',
  errBadRequest: 'O assistente recebeu um pedido que não pode cumprir assim: uma configuração ou um valor não é válido.',
  errInvalidTool: 'Uma ferramenta desta página não está definida corretamente, então o assistente não pode usá-la.',
  errDisposed: 'O assistente foi encerrado nesta página. Recarregue a página para começar de novo.',
  errWorkerRestarted: 'Interrompido: o worker do assistente não respondeu a tempo, então foi encerrado e um novo foi iniciado.',
  errStorage: 'Não foi possível salvar a conversa no navegador.',
  errStorageUnavailable: 'O armazenamento do navegador não pode ser usado aqui (navegação privada, ou está desativado): esta conversa fica só na memória.',
  errStorageBlocked: 'Outra aba mantém o armazenamento deste site aberto em outra versão: esta conversa fica só na memória. Recarregue ou feche a outra aba.',
  errToolsUnsupported: 'Este modelo ou o servidor dele não aceita ferramentas. Escolha um modelo feito para chamadas de ferramentas, ou o protocolo de texto para ferramentas.',
  errModelFile: 'O arquivo do modelo não pode ser usado: não é um modelo GGUF, está incompleto ou corrompido, ou não tem modelo de chat.',
  errOutOfMemory: 'O modelo não cabe na memória que esta página pode usar. Escolha um modelo menor ou mais quantizado.',
  errUnknownWorkflow: 'Este assistente não tem um fluxo de trabalho com esse nome. Digite /workflow para ver os fluxos dele.',
  errAttachmentTooLarge: 'Um arquivo é maior do que o permitido: nada foi enviado.',
  errAttachmentsTooLarge: 'Juntos, os arquivos passam do que uma mensagem pode levar: nada foi enviado.',
  errTooManyAttachments: 'Arquivos demais para uma mensagem: nada foi enviado.',
  errAttachmentType: 'Arquivos deste tipo não podem ser anexados aqui: nada foi enviado.',
  errAttachmentUnreadable: 'Não foi possível ler um arquivo (uma imagem que não abre, ou um texto que não está em UTF-8): nada foi enviado.',
  errThreadBusy: 'Esta conversa está aberta em outra aba, que é quem a escreve. Feche-a lá para continuar aqui.',
  errProtocol: 'O servidor respondeu, mas não no protocolo que o assistente usa com ele.',
  errRemoteError: 'O agente remoto informou que a execução dele falhou.',
  errNotUndoable: 'Não é possível desfazer: ainda não terminou, já foi desfeito, ou a ferramenta dele não sabe desfazer.',
  refusedCount: (name: string, max: string) => `“${name}” não foi anexado: uma mensagem leva no máximo ${max} arquivos.`,
  refusedType: (name: string, type: string) => `“${name}” é ${type}, que não pode ser anexado aqui.`,
  refusedSize: (name: string, size: string, max: string) => `“${name}” tem ${size}; um arquivo pode ter no máximo ${max} (como escolhido, antes de as imagens serem reduzidas).`,
  refusedTotal: (name: string, total: string, max: string) => `Com “${name}”, os arquivos desta mensagem chegariam a ${total}; uma mensagem pode levar no máximo ${max}.`,
  refusedText: (name: string) => `“${name}” não é texto UTF-8, então não pode ser enviado como arquivo de texto.`,
  refusedImage: (name: string) => `Não foi possível ler “${name}” como imagem; tente PNG ou JPEG.`,
  noticeWebmcpUnavailable: 'WebMCP: este navegador não tem WebMCP (document.modelContext), então nenhuma ferramenta é compartilhada com agentes do navegador nem obtida da página.',
  noticeWebmcpError: (message: string) => `Erro do WebMCP: ${message}`,
  noticeNotKept: (count: number, names: string, reason: string) =>
    `${names} ${count === 1 ? 'foi enviado, mas não foi guardado' : 'foram enviados, mas não foram guardados'} com a conversa (${reason}): depois de recarregar, ${count === 1 ? 'vai faltar' : 'vão faltar'}.`,
  noticeNotKeptFull: (count: number, names: string) =>
    `${names} ${count === 1 ? 'foi enviado, mas não foi guardado' : 'foram enviados, mas não foram guardados'} com a conversa (o armazenamento do navegador para este site está cheio): depois de recarregar, ${count === 1 ? 'vai faltar' : 'vão faltar'}.`,
  noticeNoMcpServers: (command: string) => `Nenhum prompt MCP ${command}: este chat não tem servidores MCP.`,
};
