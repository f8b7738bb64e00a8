<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="suez_terrain" tilewidth="64" tileheight="56" tilecount="5" columns="5">
 <image source="suez_terrain.png" width="320" height="56"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="clear"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="lake"/>
   <property name="water" type="bool" value="true"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="chinese_farm"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="elevated_sand"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="fort" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
