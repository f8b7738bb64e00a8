<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="112" tileheight="128" tilecount="4" columns="4">
 <image source="terrain.png" width="448" height="128"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="clear"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="hill"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="impassable"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="impassable"/>
   <property name="track" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
