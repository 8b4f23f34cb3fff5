import { Module } from '@nestjs/common';
import { ImagesService } from './images.service.js';
import { ImagesController, UploadController } from './upload.controller.js';

@Module({
  controllers: [UploadController, ImagesController],
  providers: [ImagesService],
})
export class UploadModule {}
