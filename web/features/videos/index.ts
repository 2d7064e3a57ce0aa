/** The videos feature's public surface: other features import only from here. */
export { videoKeys } from './api/keys';
export { useVideos } from './api/get-videos';
export { checkedReadiness, useClipReadiness } from './api/get-readiness';
export { ClipReadiness } from './components/clip-readiness';
export { VideoUploadButton } from './components/video-upload';
export { VideoCarousel } from './components/video-carousel';
